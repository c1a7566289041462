/// Runs `python3 -c script arguments…` to its end (at most a minute) without holding a thread of Swift's
/// cooperative pool, which every async test of the process shares: waiting in `Process.waitUntilExit`
/// there held it for the interpreter's whole start, and on a busy two-core machine stalled every other test.
public func runPython(_ script: String, _ arguments: [String]) async throws {
    let (status, output) = try await ChildCommand.run("/usr/bin/env", ["python3", "-c", script] + arguments, timeout: .seconds(60))
    guard status == 0 else { throw FixtureError("python3 failed (exit status \(status)): \(output)") }
}
