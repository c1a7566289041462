import Foundation
import JSON
import Testing
import Wire

/// A bulk submit's own rules: what the whole request must keep, apart from what each item must.
@Suite struct SubmitManyTests {
    static func batch(_ count: Int, input: RawJSON = .emptyObject) -> ClientRequest.SubmitMany {
        .init(operation: "noop", items: Array(repeating: .init(input: input), count: count))
    }

    @Test(arguments: [0, ClientRequest.SubmitMany.maxItems + 1])
    func aBatchOfNoItemOrOfTooManyIsRefusedWhole(count: Int) {
        let error = #expect(throws: WireError.self) { try Self.batch(count).check(.standard) }
        #expect(error?.code == .invalidBody)
        #expect(error?.message == "submitMany needs 1 to 1000 items, got \(count)")
    }

    @Test func anItemsOwnSizeIsLeftToTheItemSoItRefusesOnlyItself() throws {
        let limits = MessageLimits(maxMessageBytes: 64 << 10)
        let large = RawJSON.string(String(repeating: "x", count: 20 << 10))
        try Self.batch(2, input: large).check(limits)
        #expect(throws: WireError.self) { try ClientRequest.Submit(operation: "noop", input: large).check(limits) }
    }

    @Test func theWholeBatchOverAMessageIsRefusedNamingItsSize() throws {
        let limits = MessageLimits(maxMessageBytes: 64 << 10)
        let input = RawJSON.string(String(repeating: "x", count: 10 << 10))
        try limits.check(batch: Self.batch(6, input: input))
        let seven = Self.batch(7, input: input)
        let error = #expect(throws: WireError.self) { try limits.check(batch: seven) }
        #expect(error?.code == .tooLarge)
        #expect(
            error?.message
                == "the batch of 7 items is \(MessageLimits.size(seven)) bytes; at most 65536 are allowed (maxMessageBytes): send fewer at a time")
    }
}
