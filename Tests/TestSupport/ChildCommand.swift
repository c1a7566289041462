public import Foundation

/// Starts programs for tests with `posix_spawn`. Foundation's `Process` is not used: it waits for every
/// process that inherited its pipes (a server the program starts is one), and its children inherit the
/// test runner's blocked signals. A program started here inherits no file descriptor but its three.
public enum ChildCommand {
    /// Starts `executable` with `arguments`, standard input from /dev/null and standard output and error
    /// into `output` (or /dev/null), every signal unblocked and at its default; returns its process id.
    public static func launch(_ executable: String, _ arguments: [String], environment: [String: String], output: URL?) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output?.path ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of this process may live on in a server the program starts: an inherited copy of
        // a test's socket keeps its connection open after the test closed it.
        guard closeFrom(&actions, 3) == 0 else { throw FixtureError("cannot ask posix_spawn to close inherited descriptors") }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for word in argv { free(word) } }
        var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in envp { free(entry) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        guard spawned == 0 else { throw FixtureError("cannot start \(executable): error \(spawned)") }
        return pid
    }

    /// Runs a program to its end (killing it past `timeout`) and returns its exit status and output (standard
    /// output and error together), waiting without holding a thread; `environment` is this process's unless given.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, timeout: Duration
    ) async throws -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString.prefix(8)).out")
        defer { try? FileManager.default.removeItem(at: output) }
        let pid = try launch(executable, arguments, environment: environment ?? ProcessInfo.processInfo.environment, output: output)
        let status = try await reap(pid, within: timeout, "\(executable) \(arguments.joined(separator: " "))")
        return (status, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    /// Waits for a started program to end and returns its exit status (-1 when a signal ended it);
    /// past `timeout` it is killed and the wait fails, naming `what`.
    public static func reap(_ pid: pid_t, within timeout: Duration, _ what: String) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw FixtureError("`\(what)` did not end within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return exitStatus(status)
    }

    /// Runs a program to its end, blocking the calling thread; for where nothing can be awaited (`atexit`).
    public static func runBlocking(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let pid = try launch(executable, arguments, environment: ProcessInfo.processInfo.environment, output: nil)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return exitStatus(status)
    }

    private static func exitStatus(_ status: Int32) -> Int32 { (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1 }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does not import.
    private static let closeFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            return { _, _ in -1 }
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()
}
