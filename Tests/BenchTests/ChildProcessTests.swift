import Foundation
import Testing

@testable import Bench

/// Real processes (`/bin/sh`) in a scratch folder: ready blocks, early exits, stopping.
@Suite struct ChildProcessTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-child-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

    private func shell(_ script: String, ready: String? = nil) throws -> ChildProcess {
        try ChildProcess(
            name: "sh", executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script], environment: [:], directory: folder,
            log: folder.appendingPathComponent("sh-\(UUID().uuidString).log"), ready: ready)
    }

    @Test func theReadyBlockGivesItsRowsEvenWhenItArrivesInPiecesAndTheLogKeepsEverything() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let script =
            "echo '  clients  not-yet'; echo 'it is up.'; printf '  clients  tcp://a:1\\n  work'; sleep 0.2; "
            + "printf 'ers    tcp://a:2  (note)\\n\\n  later  x\\n'; exec sleep 30"
        let child = try shell(script, ready: "it is up.")
        #expect(try await child.ready(within: .seconds(10)) == ["clients": "tcp://a:1", "workers": "tcp://a:2"])
        #expect(await child.stop(grace: .seconds(10)), "sleep ends on SIGTERM")
        #expect(await child.exit(within: .seconds(1)))
        let log = try String(contentsOf: child.log, encoding: .utf8)
        #expect(log.hasPrefix("  clients  not-yet\nit is up.\n  clients  tcp://a:1\n"))
        #expect(log.hasSuffix("  later  x\n"))
    }

    @Test func aProcessThatExitsBeforeAnnouncingFailsTheWaitWithItsLastLines() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = try shell("echo 'cannot bind: address in use' >&2; exit 3", ready: "it is up.")
        let error = await #expect(throws: BenchFailure.self) { try await child.ready(within: .seconds(10)) }
        #expect(error?.description.contains("status 3") == true, "\(String(describing: error))")
        #expect(error?.timedOut == false)
    }

    @Test func aProcessThatIgnoresSIGTERMIsKilled() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = try shell("trap '' TERM; printf 'ready\\n\\n'; while :; do sleep 1; done", ready: "ready")
        _ = try await child.ready(within: .seconds(10))
        #expect(await child.stop(grace: .milliseconds(300)) == false, "it took SIGKILL")
        #expect(await child.exit(within: .seconds(1)))
    }
}

#if os(Linux)
    extension ChildProcessTests {
        /// The log is written by the child itself, not relayed through this process: a broker's line per parked
        /// job would otherwise cost the bench a wake-up, a read and a write each.
        @Test func standardErrorIsTheLogFileItselfAndStandardOutputStillReachesIt() async throws {
            defer { try? FileManager.default.removeItem(at: folder) }
            let child = try shell(
                "echo 'a log line' >&2; printf 'fd2 '; readlink /proc/$$/fd/2; printf 'it is up.\\n  a  b\\n\\n'; exec sleep 30", ready: "it is up.")
            #expect(try await child.ready(within: .seconds(10)) == ["a": "b"])
            #expect(await child.stop(grace: .seconds(10)))
            let log = try String(contentsOf: child.log, encoding: .utf8)
            #expect(log.contains("fd2 \(child.log.path)\n"), "standard error is the log file: \(log)")
            #expect(log.contains("a log line\n"))
        }
    }
#endif
