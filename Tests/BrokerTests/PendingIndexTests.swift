import Foundation
import Presentation
import Testing
import Wire

@testable import Broker

@Suite struct PendingIndexTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A pending presentation of job `job-<n>`, created `created` seconds after `start`, expiring `expires` seconds after it.
    static func presentation(_ n: Int, created: TimeInterval, expires: TimeInterval? = nil) -> Presentation {
        var draft = Presentation.Draft.alert("Question \(n)", actions: [Action(id: "ok", label: "OK")])
        draft.expiresAfter = expires
        return try! Presentation(draft, id: "prs-\(n)", job: "job-\(n)", sequence: 1, createdAt: start.addingTimeInterval(created))
    }

    @Test func theHeapGivesDeadlinesBackEarliestFirstWhateverTheOrderTheyCameIn() {
        var heap = DeadlineHeap<Int>()
        let seconds = [7, 3, 9, 1, 5, 3, 8, 2, 6, 4, 0]
        for (n, second) in seconds.enumerated() { heap.push(Self.start.addingTimeInterval(Double(second)), n) }
        var popped: [Date] = []
        while let entry = heap.popFirst() { popped.append(entry.at) }
        #expect(popped == seconds.sorted().map { Self.start.addingTimeInterval(Double($0)) })
        #expect(heap.count == 0)
    }

    @Test func filteringTheHeapKeepsItsOrder() {
        var heap = DeadlineHeap<Int>()
        for n in 0..<50 { heap.push(Self.start.addingTimeInterval(Double((n * 37) % 50)), n) }
        heap.filter { $0.payload % 3 == 0 }
        var payloads: [Int] = []
        while let entry = heap.popFirst() { payloads.append(entry.payload) }
        #expect(payloads == (0..<50).filter { $0 % 3 == 0 }.sorted { ($0 * 37) % 50 < ($1 * 37) % 50 })
    }

    @Test func pagesFollowCreationTimeThenIdAndSkipRemovedOnes() {
        var index = PendingIndex()
        // Out of order on purpose: a recovered or late presentation lands in its place, not at the end.
        for (n, created) in [(1, 5.0), (2, 1.0), (3, 3.0), (4, 2.0), (5, 4.0)] { index.insert(Self.presentation(n, created: created)) }
        #expect(index.all.map(\.job) == ["job-2", "job-4", "job-3", "job-5", "job-1"])
        index.remove("prs-3")
        index.remove("prs-unknown")
        #expect(index.count == 4)
        let afterSecond = PendingCursor(Self.presentation(4, created: 2))
        #expect(index.after(afterSecond).map(\.job) == ["job-5", "job-1"])
        // A cursor whose presentation was answered meanwhile still finds its place.
        #expect(index.after(PendingCursor(Self.presentation(3, created: 3))).map(\.job) == ["job-5", "job-1"])
    }

    @Test func theNextExpiryIsTheEarliestLiveDeadlineAndExpiredOnesComeOutOnce() {
        var index = PendingIndex()
        index.insert(Self.presentation(1, created: 0, expires: 30))
        index.insert(Self.presentation(2, created: 1, expires: 10))
        index.insert(Self.presentation(3, created: 2))
        index.insert(Self.presentation(4, created: 3, expires: 20))
        #expect(index.nextExpiry == Self.start.addingTimeInterval(11))
        index.remove("prs-2")
        #expect(index.nextExpiry == Self.start.addingTimeInterval(23), "a removed presentation never names the next wake-up")
        #expect(index.popExpired(at: Self.start.addingTimeInterval(22)).isEmpty)
        #expect(index.popExpired(at: Self.start.addingTimeInterval(40)) == ["prs-4", "prs-1"])
        #expect(index.popExpired(at: Self.start.addingTimeInterval(50)).isEmpty)
        #expect(index.count == 4 - 1, "popping a deadline leaves removal to the caller")
    }

    @Test func manyRemovalsCompactTheIndexAndKeepEveryLivePresentation() {
        var index = PendingIndex()
        for n in 0..<5000 { index.insert(Self.presentation(n, created: Double(n), expires: Double(10_000 - n))) }
        for n in 0..<5000 where n % 5 != 0 { index.remove("prs-\(n)") }
        #expect(index.count == 1000)
        #expect(index.all.map(\.job) == (0..<5000).filter { $0 % 5 == 0 }.map { "job-\($0)" })
        #expect(index.nextExpiry == Self.start.addingTimeInterval(4995 + 5005))
    }
}
