import Foundation
import Testing

@testable import Bench

@Suite struct ProcessReadingTests {
    @Test func residentMemoryIsReadInBytesFromTheStatusFile() {
        let status = "Name:\tinterlude\nVmPeak:\t  900000 kB\nVmRSS:\t  193024 kB\nThreads:\t12\n"
        #expect(ProcessUsage.residentBytes(status: status) == 193_024 * 1024)
        #expect(ProcessUsage.residentBytes(status: "Name:\tkernel-thread\n") == nil)
    }

    @Test func cpuTicksAreUserPlusSystemCountedAfterACommandNameWithSpacesAndParentheses() {
        // Fields 14 and 15 (utime, stime) are 1234 and 56; the name "(a b) c" would shift a naive split.
        let stat = "4242 ((a b) c) S 1 4242 4242 0 -1 4194560 900 0 0 0 1234 56 0 0 20 0 12 0 100 2000000 500"
        #expect(ProcessUsage.cpuTicks(stat: stat) == 1290)
        #expect(ProcessUsage.cpuTicks(stat: "garbage") == nil)
    }

    @Test func thisProcessHasResidentMemoryAndCPUTime() throws {
        #if os(Linux)
            let usage = try #require(ProcessUsage.of(ProcessInfo.processInfo.processIdentifier))
            #expect(usage.residentBytes > 1_000_000)
            #expect(usage.cpuSeconds >= 0)
        #endif
    }

    @Test func theBrokersReadyBlockGivesItsThreeEndpoints() throws {
        let rows = ["clients": "tcp://127.0.0.1:40001", "workers": "tcp://127.0.0.1:40002", "events": "tcp://127.0.0.1:40003", "journal": "/d/j.sqlite"]
        let endpoints = try #require(ChildLauncher.Endpoints(ready: rows))
        #expect(endpoints == ChildLauncher.Endpoints(clients: "tcp://127.0.0.1:40001", workers: "tcp://127.0.0.1:40002", events: "tcp://127.0.0.1:40003"))
        #expect(ChildLauncher.Endpoints(ready: ["clients": "tcp://127.0.0.1:1"]) == nil)
    }
}
