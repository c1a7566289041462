import Foundation
package import JSON

extension Presentation {
    /// Reads stored presentations that mostly say the same thing, reading what each says (its `Content`:
    /// everything but its id, job, sequence and times) once per distinct text.
    ///
    /// A presentation is first walked for its id, job, sequence and times; the text of every other member
    /// (key and value bytes as stored, checked only for structure) is looked up among those read before.
    /// The same text gives the same content, so a known one is reused as it is and only the rules that
    /// involve the times and the sequence are checked again; an unknown text, or one this walk cannot take
    /// (a damaged row, a missing member), is read in full by `JSONReader` with every rule, which also gives
    /// the error. At most `capacity` distinct texts are kept, the first ones met; once they are all taken and
    /// most texts are not among them, every presentation is read in full as before.
    package struct SharedReader {
        private var contents: [Signature: Content] = [:]
        /// The member texts of the presentation being read, reused from one to the next.
        private var signature = Signature()
        private var hits = 0, misses = 0
        package let capacity: Int

        package init(capacity: Int = 1_024) {
            self.capacity = capacity
        }

        /// How many distinct texts are kept, for tests.
        package var count: Int { contents.count }

        /// Reads one presentation from UTF-8 `bytes`, as `JSONReader.read(Presentation.self, from:)` would.
        package mutating func read(_ bytes: UnsafeRawBufferPointer) throws(JSONReadError) -> Presentation {
            // Once every place is taken by texts that hardly come again, the walk would only cost.
            guard contents.count < capacity || hits >= misses else { return try JSONReader.read(Presentation.self, from: bytes) }
            let envelope = walk(bytes)
            if let envelope, let content = contents[signature], envelope.isValid {
                hits += 1
                return Presentation(
                    id: envelope.id, job: envelope.job, sequence: envelope.sequence, createdAt: envelope.createdAt,
                    expiresAt: envelope.expiresAt, content: content)
            }
            misses += 1
            let presentation = try JSONReader.read(Presentation.self, from: bytes)
            // `signature` holds this text's members when the walk went through.
            if envelope != nil, contents.count < capacity { contents[signature] = presentation.content }
            return presentation
        }

        /// Which question it is, apart from what it says.
        private struct Envelope {
            let id: String
            let job: String
            let sequence: Int
            let createdAt: Date
            let expiresAt: Date?

            /// The rules of `Presentation.validate()` that do not look at the content alone.
            var isValid: Bool { sequence >= 1 && (expiresAt.map { $0 > createdAt } ?? true) }
        }

        /// Reads the envelope and leaves the other members' texts in `signature` (each key and value with its
        /// length first); nil where the walk cannot take the text.
        private mutating func walk(_ bytes: UnsafeRawBufferPointer) -> Envelope? {
            signature.bytes.removeAll(keepingCapacity: true)
            var reader = JSONReader(bytes)
            var id: String?
            var job: String?
            var sequence: Int?
            var createdAt: Date?
            var expiresAt: Date?
            do throws(JSONReadError) {
                reader.skipByteOrderMark()
                try reader.readObject { reader, key throws(JSONReadError) in
                    switch key {
                    case "id": id = try reader.readIfPresent()
                    case "job": job = try reader.readIfPresent()
                    case "sequence": sequence = try reader.readIfPresent()
                    case "createdAt": createdAt = try reader.readIfPresent()
                    case "expiresAt": expiresAt = try reader.readIfPresent()
                    default:
                        appendLength(key.utf8.count)
                        signature.bytes.append(contentsOf: key.utf8)
                        reader.skipWhitespace()
                        let start = reader.index
                        try reader.skipValue()
                        appendLength(reader.index - start)
                        signature.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<reader.index]))
                    }
                }
                reader.skipWhitespace()
            } catch {
                return nil
            }
            guard reader.index == bytes.count, let id, let job, let sequence, let createdAt else { return nil }
            return Envelope(id: id, job: job, sequence: sequence, createdAt: createdAt, expiresAt: expiresAt)
        }

        private mutating func appendLength(_ count: Int) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: count).littleEndian) { signature.bytes.append(contentsOf: $0) }
        }

        /// A presentation's members but its envelope, as stored; hashed as one run of bytes (an array of bytes
        /// hashes byte by byte).
        private struct Signature: Hashable {
            var bytes: [UInt8] = []

            func hash(into hasher: inout Hasher) {
                bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            }
        }
    }
}
