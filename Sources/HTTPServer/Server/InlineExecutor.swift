import Dispatch
import Synchronization

/// Runs a request's first steps on libmicrohttpd's polling thread, inside the access callback, until the
/// handler awaits something that answers elsewhere (the broker's reply); every later step runs on
/// Swift's pool.
///
/// A handler that needs nothing from elsewhere (a refusal, the page, a cached answer) is answered in
/// that same call, with no suspension and no thread hop; one that waits on the broker costs one hop
/// fewer than a task started on the pool. Once closed, anything still queued or enqueued later (the
/// reply's continuation, a child task) goes to the global queue, so no job is ever stranded.
final class InlineExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var closed = false
    }

    private let state = Mutex(State())

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = state.withLock { state in
            guard !state.closed else { return false }
            state.jobs.append(job)
            return true
        }
        if !queued { forward([job]) }
    }

    /// Runs queued jobs on the calling thread until none is left, then closes: later jobs go to the pool.
    func runUntilIdle() {
        while true {
            let batch = state.withLock { state in
                if state.jobs.isEmpty { state.closed = true }
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return state.jobs
            }
            if batch.isEmpty { return }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    private func forward(_ jobs: [UnownedJob]) {
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global().async {
            for job in jobs { job.runSynchronously(on: executor) }
        }
    }
}
