import Dispatch
import Synchronization

/// Runs a request's task on the libmicrohttpd connection thread that waits for its response.
///
/// The thread would block on the response anyway; running the task there instead of on Swift's pool
/// saves two thread wake-ups per request (the pool taking the task, then waking the connection thread
/// with the response): a reply from the broker wakes the connection thread directly. Once the thread
/// stops running jobs (`close()`), anything still queued or enqueued later (a cancelled task's last
/// steps, a child still running) goes to the global queue, so no job is ever stranded.
final class ConnectionExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var closed = false
    }

    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = state.withLock { state in
            guard !state.closed else { return false }
            state.jobs.append(job)
            return true
        }
        if queued { ready.signal() } else { forward([job]) }
    }

    /// Wakes `runJobs(until:)` to check its condition again, with no job to run.
    func wake() { ready.signal() }

    /// Runs queued jobs on the calling thread until `finished()` holds after a batch, or `deadline` passes;
    /// false when the deadline passed first.
    func runJobs(until finished: () -> Bool, deadline: DispatchTime = .distantFuture) -> Bool {
        while !finished() {
            guard ready.wait(timeout: deadline) == .success else { return finished() }
            let batch = state.withLock { state in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return state.jobs
            }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
        return true
    }

    /// Stops taking jobs on this thread: what is queued now and whatever comes later runs on the global queue.
    func close() {
        let left = state.withLock { state in
            state.closed = true
            defer { state.jobs.removeAll() }
            return state.jobs
        }
        forward(left)
    }

    private func forward(_ jobs: [UnownedJob]) {
        guard !jobs.isEmpty else { return }
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global().async {
            for job in jobs { job.runSynchronously(on: executor) }
        }
    }
}
