import Foundation
import JSON
import Presentation
import TestSupport
import Testing

/// Every type the presentation model declares by a `.shape` file, at random: its generated writer gives
/// `JSONCoding.encoder`'s bytes for its generated `Codable`, and its generated reader reads back what was written and
/// accepts and refuses damaged text as the decoder does.
@Suite("Shapes: the presentation model's generated coders agree with Foundation's")
struct PresentationShapeIdentityTests {
    /// What the decoder and the reader make of `data`, written again; `nil` where one refused it.
    private static func reread<T: JSONShape>(_ type: T.Type, _ data: Data) -> (decoder: Data?, reader: Data?) {
        let decoded = (try? JSONCoding.decoder.decode(T.self, from: data)).flatMap { try? JSONWriter.encode($0) }
        let read = (try? JSONReader.read(T.self, from: data)).flatMap { try? JSONWriter.encode($0) }
        return (decoded, read)
    }

    /// For `count` random values: where the writer and the encoder differ, where the reader refuses what was written or
    /// reads it otherwise than the decoder, and where damaged text is read differently; and how many damaged texts were read.
    private static func compare<T: JSONShape>(_ type: T.Type, count: Int, seed: UInt64) throws -> (differing: [String], damagedRead: Int) {
        var values = RandomWireValues(seed: seed)
        let alphabet = Array("{}[]\":,\\0123456789-.eEtrufalsn ".utf8) + [0x00, 0x80, 0xFF]
        var differing: [String] = []
        var damagedRead = 0
        for index in 0..<count {
            let value = T(randomUsing: &values)
            let encoded = try JSONCoding.encoder.encode(value)
            let written = try JSONWriter.encode(value)
            let text = String(decoding: written, as: UTF8.self)
            let size = try JSONWriter.size(of: value)
            if written != encoded || size != encoded.count {
                differing.append("\(T.self) \(index): encoder \(String(decoding: encoded, as: UTF8.self)) writer \(text)")
            }
            let both = reread(T.self, written)
            // Read back as the decoder reads it (the same bytes, but for a number such as `-0` that reads as another spelling).
            if both.reader == nil || both.decoder != both.reader { differing.append("\(T.self) \(index) read back: \(text)") }
            var bytes = Array(written)
            for _ in 0..<Int.random(in: 1...3, using: &values.random) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &values.random)
                switch Int.random(in: 0..<3, using: &values.random) {
                case 0: bytes[at] = alphabet.randomElement(using: &values.random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet.randomElement(using: &values.random)!, at: at)
                }
            }
            let damaged = reread(T.self, Data(bytes))
            if damaged.decoder != damaged.reader { differing.append("\(T.self) \(index) damaged: \(String(decoding: bytes, as: UTF8.self))") }
            if damaged.reader != nil { damagedRead += 1 }
        }
        return (differing, damagedRead)
    }

    @Test("The presentation model lists its shapes, and the gateway's document all but the worker's draft and the answer")
    func listed() {
        let names = Set(PresentationShapes.all.map { $0.shapeName })
        let expected: Set<String> = [
            "Presentation", "Draft", "Action", "TextField", "Audience", "Escalation", "Localization", "PresentedError", "Approval",
            "ApprovalProgress", "Answer", "Resolution",
        ]
        #expect(names == expected)
        #expect(names.count == PresentationShapes.all.count, "two shapes share a component name")
        #expect(Set(PresentationShapes.documented.map { $0.shapeName }) == expected.subtracting(["Draft", "Answer"]))
    }

    @Test("Every shape's writer gives the encoder's bytes and its reader reads them back, damaged text as the decoder does")
    func everyShape() async throws {
        // Seconds of work without a suspension point: on a thread of its own, not one the async tests share.
        let results = try await onThread {
            try PresentationShapes.all.enumerated().map { index, shape in ("\(shape)", try Self.compare(shape, count: 600, seed: 700 + UInt64(index))) }
        }
        for (shape, (differing, damagedRead)) in results {
            #expect(differing.isEmpty, "\(shape): \(differing.count) differ, first: \(differing.prefix(2))")
            #expect(damagedRead < 600, "\(shape): every damaged text still read")
        }
    }

    @Test("A presentation that breaks a rule is refused by the reader and the decoder alike, with the rule's words")
    func rulesAreKeptOnReading() throws {
        let text =
            #"{"actions":[{"id":"ok","label":"OK","role":"cancel"}],"createdAt":"2026-01-01T00:00:00Z","id":"p","job":"j","#
            + #""kind":"alert","sequence":0,"title":"T"}"#
        do throws(JSONReadError) {
            _ = try JSONReader.read(Presentation.self, from: text)
            Issue.record("a presentation of sequence 0 was read")
        } catch {
            #expect(error.reason == "invalid presentation (invalidSequence): sequence must be 1 or more, got 0")
        }
        #expect(throws: (any Error).self) { try JSONCoding.decoder.decode(Presentation.self, from: Data(text.utf8)) }
        let valid = text.replacingOccurrences(of: #""sequence":0"#, with: #""sequence":1"#)
        #expect(try JSONReader.read(Presentation.self, from: valid) == (try JSONCoding.decoder.decode(Presentation.self, from: Data(valid.utf8))))
    }

    @Test("Approval progress keeps only its own action's approvals, however it is read")
    func approvalProgressKeepsItsOwnApprovals() throws {
        let text =
            #"{"action":"go","approvals":[{"action":"go","at":"2026-01-01T00:00:00Z","by":"ana","channel":"cli"},"#
            + #"{"action":"other","at":"2026-01-01T00:00:00Z","by":"bob","channel":"cli"}],"needed":2,"presentation":"p"}"#
        #expect(try JSONReader.read(ApprovalProgress.self, from: text).approvers == ["ana"])
        #expect(try JSONCoding.decoder.decode(ApprovalProgress.self, from: Data(text.utf8)).approvers == ["ana"])
    }
}
