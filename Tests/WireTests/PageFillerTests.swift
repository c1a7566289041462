import Foundation
import JSON
import Presentation
import Testing
import Wire

@Suite struct PageFillerTests {
    struct Item: Encodable, Equatable {
        let id: String
        let text: String
        func trimmed() -> Item { Item(id: id, text: "") }
    }

    static func items(_ sizes: [Int]) -> [Item] {
        sizes.enumerated().map { Item(id: "i\($0.offset)", text: String(repeating: "x", count: $0.element)) }
    }

    @Test func aPageStopsAtTheCountAskedFor() {
        var filler = PageFiller<Item>(limit: 2, budget: 10_000)
        #expect(filler.fill(Self.items([1, 1, 1]), id: \.id) { $0.trimmed() } == 2)
        #expect(filler.items.map(\.id) == ["i0", "i1"])
        #expect(!filler.cutShort, "stopping at the count is not cutting short")
    }

    @Test func aPageStopsBeforeTheItemThatWouldNotFitAndSaysSo() {
        var filler = PageFiller<Item>(limit: 10, budget: 200)
        let consumed = filler.fill(Self.items([60, 60, 60, 60]), id: \.id) { $0.trimmed() }
        #expect(consumed == 2)
        #expect(filler.items.count == 2)
        #expect(filler.cutShort)
        #expect(filler.trimmed.isEmpty)
        let bytes = filler.items.map { try! JSONCoding.encoder.encode($0).count + 1 }.reduce(0, +)
        #expect(bytes <= 200)
    }

    @Test func anItemTooLargeOnItsOwnIsListedTrimmedSoTheCursorMovesOn() {
        var filler = PageFiller<Item>(limit: 10, budget: 200)
        let consumed = filler.fill(Self.items([500, 10, 500]), id: \.id) { $0.trimmed() }
        #expect(filler.items == [Item(id: "i0", text: ""), Item(id: "i1", text: String(repeating: "x", count: 10))])
        #expect(filler.trimmed == ["i0"])
        #expect(consumed == 2, "the large one after another waits for the next page, where it comes first")
        #expect(filler.cutShort)
    }
}
