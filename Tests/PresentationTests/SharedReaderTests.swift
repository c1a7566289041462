import Foundation
import JSON
import TestSupport
import Testing

@testable import Presentation

/// `Presentation.SharedReader` against `JSONReader`: the same presentation or the same refusal for every text,
/// whatever was read before it, and what a question says read once per distinct text.
@Suite struct SharedReaderTests {
    func both(_ shared: inout Presentation.SharedReader, _ bytes: [UInt8]) -> (reader: Presentation?, shared: Presentation?) {
        let reader = try? JSONReader.read(Presentation.self, from: Data(bytes))
        let read = bytes.withUnsafeBytes { buffer in try? shared.read(buffer) }
        return (reader, read)
    }

    func stored(id: String, sequence: Int = 1, at seconds: Double = 1_800_000_000, expiresAfter: Double? = nil) throws -> [UInt8] {
        var draft = Presentation.Draft.alert(
            "Confirm operation", message: "All settings will return to their defaults.",
            actions: [Action(id: "reset", label: "Reset", role: .destructive), Action(id: "cancel", label: "Cancel", role: .cancel)])
        draft.expiresAfter = expiresAfter
        return Array(
            try JSONWriter.text(try Presentation(draft, id: id, job: "job-\(id)", sequence: sequence, createdAt: Date(timeIntervalSince1970: seconds))).utf8)
    }

    @Test func questionsThatSayTheSameAreReadOnceAndComeBackWhole() throws {
        var shared = Presentation.SharedReader()
        for index in 0..<200 {
            let bytes = try stored(
                id: "p\(index)", sequence: 1 + index % 3, at: 1_800_000_000 + Double(index), expiresAfter: index.isMultiple(of: 2) ? 60 : nil)
            let (reader, read) = both(&shared, bytes)
            #expect(read != nil && read == reader)
            #expect(read?.id == "p\(index)" && read?.job == "job-p\(index)" && read?.sequence == 1 + index % 3)
        }
        // Texts differ only in id, job, sequence and times: one content read.
        #expect(shared.count == 1)
    }

    @Test func aKnownTextWithABadSequenceOrExpiryIsRefusedAsTheReaderRefusesIt() throws {
        var shared = Presentation.SharedReader()
        _ = try stored(id: "a").withUnsafeBytes { try shared.read($0) }
        var badSequence = String(decoding: try stored(id: "b"), as: UTF8.self)
        badSequence = badSequence.replacingOccurrences(of: "\"sequence\":1", with: "\"sequence\":0")
        var badExpiry = String(decoding: try stored(id: "c", expiresAfter: 60), as: UTF8.self)
        badExpiry = badExpiry.replacingOccurrences(of: #""expiresAt":"[^"]*""#, with: #""expiresAt":"2020-01-01T00:00:00.000Z""#, options: .regularExpression)
        for text in [badSequence, badExpiry] {
            #expect(text.contains("\"sequence\":0") || text.contains("2020-01-01"))
            let (reader, read) = both(&shared, Array(text.utf8))
            #expect(reader == nil && read == nil, "\(text)")
        }
    }

    @Test func randomPresentationsReadTheSameWhateverCameBefore() throws {
        var random = SeededRandom(seed: 7)
        var shared = Presentation.SharedReader(capacity: 64)
        var accepted = 0
        for _ in 0..<3_000 {
            let bytes = Array(try JSONCoding.encoder.encode(random.presentationShaped()))
            let (reader, read) = both(&shared, bytes)
            #expect(reader == read, "\(String(decoding: bytes, as: UTF8.self))")
            if read != nil { accepted += 1 }
        }
        #expect(accepted > 50 && shared.count == 64)
    }

    @Test func damagedTextsAfterTheirIntactOneAreRefusedOrReadTheSame() throws {
        var random = SeededRandom(seed: 2026)
        let original = try stored(id: "p", expiresAfter: 30)
        var shared = Presentation.SharedReader()
        let alphabet = Array("{}[]\":,\\0123456789-+.eEtrufalsn ".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
        var refused = 0
        for _ in 0..<4_000 {
            // The intact text first, so the damaged one meets a known content whenever its members still match.
            _ = both(&shared, original)
            var bytes = original
            random.damage(&bytes, from: alphabet)
            let (reader, read) = both(&shared, bytes)
            #expect(reader == read, "\(String(decoding: bytes, as: UTF8.self))")
            if read == nil { refused += 1 }
        }
        #expect(refused > 1_000)
    }
}
