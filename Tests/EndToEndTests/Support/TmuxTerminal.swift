import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A command running in a real pseudo-terminal: a detached session of a private tmux server
/// (its socket in the sandbox), read with `capture-pane` and typed into with `send-keys`.
final class TmuxTerminal: @unchecked Sendable {  // used from one test at a time
    private let sandbox: Sandbox
    private let socket: String
    private static let tmux = URL(fileURLWithPath: "/usr/bin/tmux")

    /// Starts `interlude arguments…` in a 100×40 terminal with the sandbox's environment plus `extra`;
    /// when it ends the pane shows `[exited N]`.
    init(_ sandbox: Sandbox, _ arguments: [String], environment extra: [String: String]) async throws {
        self.sandbox = sandbox
        socket = sandbox.root.appendingPathComponent("tmux.sock").path
        let (arguments, extra) = sandbox.overTransport(arguments, extra)
        var environment = sandbox.environment(extra.merging(["TERM": "screen"]) { old, _ in old })
        for name in ["LC_ALL", "LC_MESSAGES", "COLUMNS", "TMUX"] where extra[name] == nil { environment[name] = nil }
        let assignments = environment.sorted { $0.key < $1.key }.map { Self.quote("\($0.key)=\($0.value)") }
        let command = (["env", "-i"] + assignments + [Self.quote(sandbox.binary.path)] + arguments.map(Self.quote)).joined(separator: " ")
        // The pane stays open after the command ends, so its last words can still be read.
        try await tmux(["-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "40", "-s", "resolver", "\(command); echo \"[exited $?]\"; sleep 600"])
    }

    /// What the terminal shows now, trailing blank lines dropped.
    func screen() async throws -> String {
        try await tmux(["capture-pane", "-p", "-t", "resolver"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Copies everything the program writes from now on, escape codes and bells included, to `file`.
    func record(to file: URL) async throws {
        try await tmux(["pipe-pane", "-o", "-t", "resolver", "cat >> \(Self.quote(file.path))"])
    }

    /// Types keys, as tmux names them: `r`, `Escape`, `C-c`.
    func press(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", "resolver"] + keys)
    }

    /// Waits (at most `timeout`) until the screen shows `text`, and returns the screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(15)) async throws -> String {
        var last = ""
        do {
            return try await sandbox.eventually("the terminal to show \"\(text)\"", timeout: timeout) {
                last = try await screen()
                return last.contains(text) ? last : nil
            }
        } catch {
            throw EndToEndFailure("\(error)\n--- screen ---\n\(last)\n--------------\n\(sandbox.diagnostics())")
        }
    }

    /// Stops the tmux server and whatever still runs in it.
    func close() {
        guard let pid = try? Self.launch(["-S", socket, "kill-server"], output: nil) else { return }
        let deadline = ContinuousClock.now + .seconds(5)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0, ContinuousClock.now < deadline { usleep(5_000) }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        let output = sandbox.logs.appendingPathComponent("tmux-\(UUID().uuidString.prefix(8)).out")
        defer { try? FileManager.default.removeItem(at: output) }
        let status = try await Self.reap(try Self.launch(["-S", socket] + arguments, output: output), arguments)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw EndToEndFailure("`tmux \(arguments.first ?? "")` failed (status \(status)): \(text)") }
        return text
    }

    /// Starts tmux (with `ChildCommand`: tmux's server outlives the command that starts it), its output in `output`.
    private static func launch(_ arguments: [String], output: URL?) throws -> pid_t {
        try ChildCommand.launch(tmux.path, arguments, environment: ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }, output: output)
    }

    /// Waits (at most 10 s) for a tmux command to end; returns its exit status.
    private static func reap(_ pid: pid_t, _ arguments: [String]) async throws -> Int32 {
        try await ChildCommand.reap(pid, within: .seconds(10), "tmux \(arguments.joined(separator: " "))")
    }

    /// A word for `sh -c`, in single quotes.
    private static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
