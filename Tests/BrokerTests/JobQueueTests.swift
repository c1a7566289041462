import Testing

@testable import Broker

@Suite struct JobQueueTests {
    @Test func idsGoOutInOrderWithThoseAddedAtTheHeadFirst() {
        var queue = JobQueue()
        for id in ["a", "b", "c"] { queue.append(id) }
        queue.prepend("z")
        queue.prepend(contentsOf: ["x", "y"])
        #expect(queue.ids == ["x", "y", "z", "a", "b", "c"])
        #expect(queue.popFirst() == "x")
        #expect(queue.popFirst() == "y")
        #expect(queue.count == 4)
    }

    @Test func aRemovedIdIsSkippedAndOneQueuedAgainGoesOutOnceFromItsNewPlace() {
        var queue = JobQueue()
        for id in ["a", "b", "c", "d"] { queue.append(id) }
        queue.remove("b")
        queue.remove("nope")
        queue.append("b")
        queue.prepend("d")
        #expect(queue.ids == ["d", "a", "c", "b"])
        var out: [String] = []
        while let id = queue.popFirst() { out.append(id) }
        #expect(out == ["d", "a", "c", "b"])
        #expect(queue.count == 0)
        #expect(!queue.contains("a"))
    }

    @Test func aLongQueueWorkedFromBothEndsAgreesWithAPlainList() {
        var queue = JobQueue()
        var model: [String] = []
        for n in 0..<20_000 {
            let id = "job-\(n)"
            if n % 7 == 0 {
                queue.prepend(id)
                model.insert(id, at: 0)
            } else {
                queue.append(id)
                model.append(id)
            }
            if n % 3 == 0, let first = queue.popFirst() { #expect(first == model.removeFirst()) }
            if n % 5 == 0, n >= 10 {
                queue.remove("job-\(n - 10)")
                model.removeAll { $0 == "job-\(n - 10)" }
            }
        }
        #expect(queue.count == model.count)
        #expect(queue.ids == model)
    }
}
