import Foundation
import Testing

@testable import InterludeCLI

/// Real processes (`/bin/sh`) in a scratch folder: announcements, early exits, stopping.
@Suite struct ChildProcessTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-child-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

    private func shell(_ script: String, _ announcement: (@Sendable (String) -> Bool)? = nil) throws -> ChildProcess {
        try ChildProcess(
            name: "sh", executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script], environment: [:], directory: folder,
            log: folder.appendingPathComponent("sh-\(UUID().uuidString).log"), announcement: announcement)
    }

    @Test func theFirstMatchingLineIsTheAnnouncementAndTheLogKeepsEverything() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = try shell("echo starting; printf 'listening: '; sleep 0.2; echo here; echo later; exec sleep 30") { $0.hasPrefix("listening") }
        #expect(try await child.announcement(within: .seconds(10)) == "listening: here")
        #expect(await child.stop(grace: .seconds(10)), "sleep ends on SIGTERM")
        #expect(await child.exit(within: .seconds(1)))
        let log = try String(contentsOf: child.log, encoding: .utf8)
        #expect(log.hasPrefix("starting\nlistening: here\n"))
    }

    @Test func aProcessThatExitsBeforeAnnouncingFailsTheWaitWithItsLastLines() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = try shell("echo 'cannot bind: address in use' >&2; exit 3") { $0.hasPrefix("listening") }
        let error = await #expect(throws: BenchFailure.self) { try await child.announcement(within: .seconds(10)) }
        #expect(error?.description.contains("status 3") == true, "\(String(describing: error))")
        #expect(error?.timedOut == false)
    }

    @Test func aProcessThatIgnoresSIGTERMIsKilled() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = try shell("trap '' TERM; echo ready; while :; do sleep 1; done") { $0 == "ready" }
        _ = try await child.announcement(within: .seconds(10))
        #expect(await child.stop(grace: .milliseconds(300)) == false, "it took SIGKILL")
        #expect(await child.exit(within: .seconds(1)))
    }
}
