import Foundation
import JSON
import Presentation

extension Settings {
    /// Refuses a configuration file that gives a key twice (JSON keeps one of them without a word), naming
    /// the key and both lines. Text that is no JSON object is left to the decoder, which says why.
    static func refuseRepeatedKeys(in data: Data, path: String) throws(ConfigurationError) {
        guard let members = try? JSONReader.read(FileMembers.self, from: data) else { return }
        var first: [String: Int] = [:]
        for (key, offset) in members.keys where !key.hasPrefix("_") {
            if let earlier = first[key] {
                let line = Self.line(at: offset, in: data)
                throw ConfigurationError(
                    key: key, source: "\(path) line \(line)", problem: "given twice (first on line \(Self.line(at: earlier, in: data))); keep one")
            }
            first[key] = offset
        }
    }

    /// The 1-based line of the byte at `offset`.
    private static func line(at offset: Int, in data: Data) -> Int {
        data.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}

/// The top-level keys of a configuration file in order, repeated ones too, each with its offset.
private struct FileMembers: JSONReadable {
    let keys: [(String, Int)]

    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var keys: [(String, Int)] = []
        try reader.readEveryMember { reader, key, offset throws(JSONReadError) in
            keys.append((key, offset))
            try reader.skipValue()
        }
        self.keys = keys
    }
}
