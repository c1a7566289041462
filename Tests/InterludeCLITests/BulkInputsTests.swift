import JSON
import Testing
import Wire

@testable import InterludeCLI

/// `submit --inputs`: JSON Lines read with their line numbers, and cut into batches the broker takes.
@Suite struct BulkInputsTests {
    @Test func everyLineIsOneInputKeptWithItsNumberAndBlankLinesAreSkipped() throws {
        let inputs = try BulkInputs("{\"a\": 1}\n\n  \n\"x\"\r\n[1, 2]\n")
        #expect(inputs.lines.map(\.number) == [1, 4, 5])
        #expect(inputs.lines.map { String(decoding: $0.input.bytes, as: UTF8.self) } == [#"{"a": 1}"#, #""x""#, "[1, 2]"])
    }

    @Test(arguments: [
        ("{}\n{\"a\": }\n", "--inputs line 2 is not valid JSON"),
        ("{}\n{}\n{} {}\n", "--inputs line 3 is not valid JSON"),
        ("\n\n", "--inputs holds no input: write one JSON value a line"),
        ("", "--inputs holds no input: write one JSON value a line"),
    ])
    func aBadLineIsRefusedNamingItsNumber(text: String, refusal: String) {
        let error = #expect(throws: UsageError.self) { try BulkInputs(text) }
        #expect(error?.description.hasPrefix(refusal) == true, "\(error?.description ?? "")")
    }

    @Test func aLineOverTheJSONLimitsIsRefusedNamingItsNumber() {
        let error = #expect(throws: UsageError.self) { try BulkInputs("{}\n[[[1]]]\n", limits: JSONLimits(maxDepth: 2, maxKeys: 10)) }
        #expect(error?.description.hasPrefix("--inputs line 2 is refused") == true)
    }

    @Test func batchesHoldAtMostTheItemLimitInOrder() throws {
        let inputs = try BulkInputs(String(repeating: "{}\n", count: 2_500))
        let batches = inputs.batches(.standard)
        #expect(batches.map(\.count) == [1_000, 1_000, 500])
        #expect(batches.flatMap { $0.map(\.number) } == Array(1...2_500))
    }

    @Test func batchesStayWithinOneMessageAndAnInputTooLargeForAnyGoesAlone() throws {
        let limits = MessageLimits(maxMessageBytes: 64 << 10)
        let big = "\"" + String(repeating: "b", count: 20_000) + "\""
        let huge = "\"" + String(repeating: "h", count: 70_000) + "\""
        let inputs = try BulkInputs([big, big, big, huge, "{}"].joined(separator: "\n"))
        let batches = inputs.batches(limits)
        #expect(batches.map { $0.map(\.number) } == [[1, 2, 3], [4], [5]])
    }
}
