import Log
import Synchronization
import Testing

/// A turn's log lines go out in one write: one call to the sink, every line in order, each at its level.
@Suite struct LogLinesTests {
    @Test func severalLinesGoToTheSinkInOneCallInOrderWithoutTheOnesBelowTheLevel() {
        let calls = Mutex<[String]>([])
        let log = Log("broker", level: .info, sink: { text in calls.withLock { $0.append(text) } })
        log.write([(.info, "first", .none), (.debug, "hidden", .none), (.warning, "second", LogSubject(job: "job_1"))])
        let written = calls.withLock { $0 }
        #expect(written.count == 1, "\(written)")
        let lines = written.first?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(" info broker: first") == true, "\(lines)")
        #expect(lines.last?.hasSuffix(" warning broker: second") == true, "\(lines)")
        log.write([(.debug, "hidden", .none)])
        #expect(calls.withLock { $0.count } == 1, "nothing to write, no write")
    }
}
