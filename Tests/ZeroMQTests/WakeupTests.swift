import Testing
import ZeroMQ

@Suite struct WakeupTests {
    @Test func pollSeesAWakeupOnlyAfterAnotherThreadSignalsIt() throws {
        let wakeup = try Wakeup()
        let item = PollItem.fileDescriptor(wakeup.fileDescriptor)
        #expect(try poll([item], timeout: .zero) == [false])
        #expect(try poll([item], timeout: .milliseconds(20)) == [false])

        onNewThread { wakeup.signal() }
        #expect(try poll([item], timeout: patience) == [true])

        wakeup.drain()
        #expect(try poll([item], timeout: .zero) == [false])
    }

    @Test func manySignalsAreDrainedAtOnce() throws {
        let wakeup = try Wakeup()
        for _ in 0..<100_000 { wakeup.signal() }  // More than a pipe holds: extra signals must not block.
        wakeup.drain()
        #expect(try poll([.fileDescriptor(wakeup.fileDescriptor)], timeout: .zero) == [false])
    }

    @Test func pollReportsEachItemSeparately() throws {
        let quiet = try Wakeup()
        let loud = try Wakeup()
        loud.signal()
        let readable = try poll([.fileDescriptor(quiet.fileDescriptor), .fileDescriptor(loud.fileDescriptor)], timeout: patience)
        #expect(readable == [false, true])
    }
}
