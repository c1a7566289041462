import Foundation
import JSON
import TestSupport
import Testing
import Wire

/// Every type declared by a `.shape` file, at random: its generated writer gives `JSONCoding.encoder`'s bytes
/// for its generated `Codable`, and its generated reader accepts and refuses what the decoder does, damaged too.
@Suite("Shapes: the generated coders agree with Foundation's")
struct ShapeIdentityTests {
    /// What was read, written again and seen as a JSON value (so a `RawJSON` member's bytes, kept as they came,
    /// compare with the decoder's spelling of them), or `nil` when it was refused; what was read, not what was
    /// sent: a member absent or `null` reads as its default. Both sides are seen through the same reader of JSON values.
    private static func reread<T: JSONShape>(_ type: T.Type, _ data: Data) -> (decoder: JSONValue?, reader: JSONValue?) {
        func value(_ shape: T?) -> JSONValue? {
            shape.flatMap { try? JSONWriter.encode($0) }.flatMap { try? JSONReader.read(JSONValue.self, from: $0) }
        }
        return (value(try? JSONCoding.decoder.decode(T.self, from: data)), value(try? JSONReader.read(T.self, from: data)))
    }

    private static func writes<T: JSONShape>(_ type: T.Type, count: Int, seed: UInt64) throws -> [String] {
        var values = RandomWireValues(seed: seed)
        var differing: [String] = []
        for index in 0..<count {
            let value = T(randomUsing: &values)
            let encoded = try JSONCoding.encoder.encode(value)
            let written = try JSONWriter.encode(value)
            let size = try JSONWriter.size(of: value)
            if written != encoded || size != encoded.count {
                differing.append("\(T.self) \(index): encoder \(String(decoding: encoded, as: UTF8.self)) writer \(String(decoding: written, as: UTF8.self))")
            }
        }
        return differing
    }

    private static func reads<T: JSONShape>(_ type: T.Type, count: Int, seed: UInt64) throws -> (differing: [String], damagedRead: Int) {
        var values = RandomWireValues(seed: seed)
        let alphabet = Array("{}[]\":,\\0123456789-.eEtrufalsn ".utf8) + [0x00, 0x80, 0xFF]
        var differing: [String] = []
        var damagedRead = 0
        for _ in 0..<count {
            let data = try JSONWriter.encode(T(randomUsing: &values))
            let both = reread(T.self, data)
            if both.decoder != both.reader || both.reader == nil {
                let shown = [both.decoder, both.reader].map { $0.map { "\($0)" } ?? "refused" }
                differing.append("\(T.self): \(String(decoding: data, as: UTF8.self)) decoder \(shown[0]) reader \(shown[1])")
            }
            var bytes = Array(data)
            for _ in 0..<Int.random(in: 1...3, using: &values.random) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &values.random)
                switch Int.random(in: 0..<3, using: &values.random) {
                case 0: bytes[at] = alphabet.randomElement(using: &values.random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet.randomElement(using: &values.random)!, at: at)
                }
            }
            let damaged = reread(T.self, Data(bytes))
            if damaged.decoder != damaged.reader { differing.append("\(T.self) damaged: " + String(decoding: bytes, as: UTF8.self)) }
            if damaged.reader != nil { damagedRead += 1 }
        }
        return (differing, damagedRead)
    }

    @Test("The wire module lists its shapes: jobs, their parts, summaries, pages, events and history entries")
    func listed() {
        let names = Set(WireShapes.all.map { $0.shapeName })
        #expect(names.isSuperset(of: ["Job", "Failure", "Progress", "Outcome", "JobSummary", "JobPage", "Event", "HistoryEntry"]), "\(names)")
        #expect(names.count == WireShapes.all.count, "two shapes share a component name")
    }

    @Test("Every shape's writer gives the encoder's bytes, with and without every optional part")
    func everyWriter() async throws {
        // Seconds of work without a suspension point: on a thread of its own, not one of the few every async
        // test of the process shares (which it would hold from all of them).
        let results = try await onThread {
            try WireShapes.all.enumerated().map { index, shape in ("\(shape)", try Self.writes(shape, count: 800, seed: 900 + UInt64(index))) }
        }
        for (shape, differing) in results {
            #expect(differing.isEmpty, "\(shape): \(differing.count) differ, first: \(differing.prefix(2))")
        }
    }

    @Test("Every shape's reader reads back what it wrote, and accepts and refuses damaged text as the decoder does")
    func everyReader() async throws {
        let results = try await onThread {
            try WireShapes.all.enumerated().map { index, shape in ("\(shape)", try Self.reads(shape, count: 300, seed: 950 + UInt64(index))) }
        }
        for (shape, (differing, damagedRead)) in results {
            #expect(differing.isEmpty, "\(shape): \(differing.count) differ, first: \(differing.prefix(2))")
            #expect(damagedRead < 300, "\(shape): every damaged text still read")
        }
    }
}
