import Foundation
import Primitives
import Testing

@Suite("Timestamps") struct TimestampTests {
    @Test(
        "Known instants are written with exactly three fractional digits in UTC",
        arguments: [
            (0.0, "1970-01-01T00:00:00.000Z"),
            (1_738_315_800.25, "2025-01-31T09:30:00.250Z"),
            (951_782_400.0, "2000-02-29T00:00:00.000Z"),
            (-0.001, "1969-12-31T23:59:59.999Z"),
            (-86_400.5, "1969-12-30T23:59:59.500Z"),
            (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
        ])
    func knownInstants(seconds: Double, text: String) {
        #expect(Timestamp.string(Date(timeIntervalSince1970: seconds)) == text)
        #expect(Timestamp.date(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(
        "Milliseconds are rounded, not truncated, so reading back writes the same text",
        arguments: [
            1_800_000_000.1234, 1_800_000_000.0005, 1_800_000_000.9999, 1_764_451_172.122999,
        ])
    func readBackWritesTheSameText(seconds: Double) throws {
        let text = Timestamp.string(Date(timeIntervalSince1970: seconds))
        #expect(Timestamp.string(try #require(Timestamp.date(text))) == text)
        let milliseconds = Int64((seconds * 1000).rounded()) % 1000
        #expect(text.hasSuffix(String(format: ".%03lldZ", milliseconds)))
    }

    @Test("Over many random instants the text agrees with Foundation's ISO 8601 reading of it")
    func agreesWithFoundation() throws {
        var generator = SystemRandomNumberGenerator()
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for _ in 0..<2_000 {
            let milliseconds = Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = Timestamp.string(date)
            let parsed = try style.parse(text)
            #expect(Int64((parsed.timeIntervalSince1970 * 1000).rounded()) == milliseconds, "\(text)")
        }
    }

    @Test("Appending to bytes writes what string writes, for four-digit years and wider ones alike")
    func appendMatchesString() {
        var generator = SystemRandomNumberGenerator()
        let seconds =
            [-62_167_219_200.0, -62_167_219_200.001, 253_402_300_799.999, 253_402_300_800, -1e12, 1e12, 0]
            + (0..<2_000).map { _ in Double.random(in: -1e12...1e12, using: &generator) }
        for second in seconds {
            let date = Date(timeIntervalSince1970: second)
            var bytes: [UInt8] = [1, 2]
            Timestamp.append(date, to: &bytes)
            #expect(bytes == [1, 2] + Array(Timestamp.string(date).utf8), "\(second)")
        }
        #expect(Timestamp.string(Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00.000Z")
        #expect(Timestamp.string(Date(timeIntervalSince1970: 253_402_300_799.999)) == "9999-12-31T23:59:59.999Z")
    }

    @Test(
        "Other RFC 3339 forms are read too; garbage is not",
        arguments: [
            ("2025-01-31T09:30:00Z", 1_738_315_800.0 as Double?),
            ("2025-01-31T10:30:00.250+01:00", 1_738_315_800.25),
            ("2025-13-31T09:30:00.250Z", nil),
            ("yesterday", nil),
        ])
    func otherForms(text: String, seconds: Double?) {
        #expect(Timestamp.date(text) == seconds.map { Date(timeIntervalSince1970: $0) })
    }
}
