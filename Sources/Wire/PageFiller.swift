import Foundation
import JSON
import Presentation

/// Fills one page of a list reply, in list order, while the items fit both the count asked for and
/// the bytes one message may carry; the rest waits for the next page.
///
/// An item too large for a message on its own (journaled before sizes were limited) is listed in its
/// trimmed form and named in `trimmed`, so the cursor always moves on and no page can wedge a reader.
public struct PageFiller<Item: Encodable> {
    /// The items of the page.
    public private(set) var items: [Item] = []
    /// Ids of the items listed trimmed.
    public private(set) var trimmed: [String] = []
    /// Whether an item that would have fitted the count was left for the next page for lack of bytes.
    public private(set) var cutShort = false
    /// How many candidates the page has used up (listed or trimmed).
    public private(set) var consumed = 0
    private var bytes = 0
    private let limit: Int
    private let budget: Int

    /// A page of at most `limit` items whose encodings take at most `budget` bytes together.
    public init(limit: Int, budget: Int) {
        self.limit = limit
        self.budget = budget
    }

    /// Offers the next item; returns false when the page is full (by count or by bytes).
    public mutating func offer(_ item: Item, id: String, trim: (Item) -> Item) -> Bool {
        guard items.count < limit, !cutShort else { return false }
        let size = Self.size(item)
        if bytes + size + 1 <= budget {
            add(item, size: size)
            consumed += 1
            return true
        }
        guard items.isEmpty else {
            cutShort = true
            return false
        }
        let shortened = trim(item)
        let shortenedSize = Self.size(shortened)
        trimmed.append(id)
        consumed += 1
        if shortenedSize + 1 <= budget { add(shortened, size: shortenedSize) }
        return true
    }

    /// Offers candidates in order until the page is full; returns how many it used.
    @discardableResult
    public mutating func fill(_ candidates: some Sequence<Item>, id: (Item) -> String, trim: (Item) -> Item) -> Int {
        for candidate in candidates where !offer(candidate, id: id(candidate), trim: trim) { break }
        return consumed
    }

    private mutating func add(_ item: Item, size: Int) {
        items.append(item)
        bytes += size + 1
    }

    static func size(_ item: Item) -> Int {
        (try? JSONCoding.encoder.encode(item).count) ?? Int.max / 2
    }
}
