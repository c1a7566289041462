import Foundation

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
        let handle = try? ProcessHandle(
            name: "tmux-kill", executable: Self.tmux, arguments: ["-S", socket, "kill-server"],
            environment: ProcessInfo.processInfo.environment, directory: sandbox.root, logs: sandbox.logs)
        _ = handle?.waitSynchronously(timeout: .seconds(5))
    }

    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        let handle = try ProcessHandle(
            name: "tmux", executable: Self.tmux, arguments: ["-S", socket] + arguments,
            environment: ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }, directory: sandbox.root, logs: sandbox.logs)
        defer {
            try? FileManager.default.removeItem(at: handle.stdoutFile)
            try? FileManager.default.removeItem(at: handle.stderrFile)
        }
        guard let ended = await handle.exit(within: .seconds(10)) else {
            handle.kill()
            throw EndToEndFailure("`tmux \(arguments.joined(separator: " "))` did not end within 10 s")
        }
        guard ended.status == 0, !ended.signalled else {
            throw EndToEndFailure("`tmux \(arguments.first ?? "")` failed (\(ended)): \(handle.stderr)")
        }
        return handle.stdout
    }

    /// A word for `sh -c`, in single quotes.
    private static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
