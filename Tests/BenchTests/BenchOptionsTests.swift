import Foundation
import InterludeCLI
import JSON
import Presentation
import Testing
import Wire

@testable import Bench

/// `interlude-bench`'s figures are checked before anything starts: a bad one is a one-line usage error
/// (exit status 2) that names the option, its range and what was given.
@Suite struct BenchOptionsTests {
    static func arguments(_ words: [String]) throws(UsageError) -> Arguments {
        try Arguments(words, options: BenchCommand.options, flags: BenchCommand.flags)
    }

    /// The usage error the command line gets, as printed before the usage text.
    static func refusal(_ words: [String]) -> String? {
        do {
            _ = try BenchCommand.parameters(try arguments(words))
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: ["-1", "0", "1", "abc", "2.5", "999999999999", "99999999999999999999999", "200001", ""])
    func aBadInputSizeIsAOneLineUsageError(value: String) async throws {
        let message = try #require(Self.refusal(["--input-bytes", value]))
        #expect(
            message
                == "--input-bytes must be a whole number from 2 to \(BenchInput.largest) (a job's input may take at most 262144 bytes, a quarter of maxMessageBytes), got \"\(value)\""
        )
        #expect(await BenchCommand.run(["--input-bytes", value]) == ExitStatus.usage)
    }

    @Test(arguments: [["--input-bytes"], ["--input-bytes", "--json"], ["--input-bytes", "--jobs=10"], ["--jobs", "--input-bytes", "10"]])
    func aMissingValueIsAUsageError(words: [String]) async {
        let message = Self.refusal(words)
        #expect(message == "--\(words[0].dropFirst(2)) needs a value")
        #expect(await BenchCommand.run(words) == ExitStatus.usage)
    }

    @Test func goodSizesAreTaken() throws {
        #expect(try BenchCommand.parameters(Self.arguments([])).inputBytes == 2)
        #expect(try BenchCommand.parameters(Self.arguments(["--input-bytes", "2048"])).inputBytes == 2048)
        #expect(try BenchCommand.parameters(Self.arguments(["--input-bytes=\(BenchInput.largest)"])).inputBytes == BenchInput.largest)
    }

    @Test func otherFiguresSayWhatWasGiven() {
        #expect(Self.refusal(["--jobs", "lots"]) == "--jobs must be a whole number from 1 to 1000000, got \"lots\"")
        #expect(Self.refusal(["--parked", "-5"]) == "--parked must be a whole number from 0 to 1000000, got \"-5\"")
    }

    /// The largest input the option allows, written as the bench submits it, is still one the broker takes.
    @Test func theLargestInputFitsTheBrokersLimit() throws {
        let written = try JSONWriter.encode(BenchInput.object(bytes: BenchInput.largest))
        #expect(written.count >= BenchInput.largest)
        #expect(written.count <= MessageLimits.standard.inputBytes)
    }
}
