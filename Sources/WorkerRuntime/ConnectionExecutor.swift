import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The jobs' task executor: a job the connection thread itself resumes (the broker's answer, an
/// acknowledgement, a cancellation it just read) goes on right there, after the message that resumed it
/// (`runReady`), instead of waking a thread of the shared pool and then the connection thread again for its
/// result. Everything else goes to the shared pool: a job resumed from another thread, a job that yields
/// (`await Task.yield()`), a job resumed while another runs here.
///
/// `ready` and `running` are touched only on the owner thread, the one that called `adopt()`.
final class ConnectionExecutor: TaskExecutor, @unchecked Sendable {
    private let owner = Atomic<UInt>(0)
    private var ready: [UnownedJob] = []
    private var running = false
    /// What the running job left for after it suspends (`afterRunning`).
    private var deferred: [() -> Void] = []

    /// Makes the calling thread the one whose resumptions run here.
    func adopt() { owner.store(Self.currentThread, ordering: .releasing) }

    /// The owner thread stops: later resumptions go to the shared pool, and so do any still waiting here.
    func release() {
        owner.store(0, ordering: .releasing)
        let waiting = ready
        ready = []
        for job in waiting { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        // The owner first: `running` is only ever read on the owner thread.
        guard owner.load(ordering: .acquiring) == Self.currentThread, !running else {
            return globalConcurrentExecutor.enqueue(job)
        }
        ready.append(UnownedJob(job))
    }

    /// Runs `body` as a job of the owner thread: what it enqueues (a `Task.yield()`) goes to the shared pool,
    /// and what it left for afterwards (`afterRunning`) runs here once it returns.
    func whileRunning<T>(_ body: () -> T) -> T {
        running = true
        let value = body()
        running = false
        while !deferred.isEmpty {
            let actions = deferred
            deferred = []
            for action in actions { action() }
        }
        return value
    }

    /// Runs `action` on the owner thread once the job running there now has suspended, so a task it resumes (a
    /// suspended job let go, which then unwinds) goes on here, after it, instead of waking a thread of the shared
    /// pool; anywhere else, at once.
    func afterRunning(_ action: @escaping () -> Void) {
        guard owner.load(ordering: .acquiring) == Self.currentThread, running else { return action() }
        deferred.append(action)
    }

    /// Whether a resumed job waits to run; call it on the owner thread.
    var hasReady: Bool { !ready.isEmpty }

    /// Runs, on the owner thread, each job it resumed, until the job next suspends.
    func runReady() {
        while !ready.isEmpty {
            let jobs = ready
            ready = []
            for job in jobs { whileRunning { job.runSynchronously(on: asUnownedTaskExecutor()) } }
        }
    }

    private static var currentThread: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }
}
