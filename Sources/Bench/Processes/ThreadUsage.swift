import Foundation

/// The CPU time of this process's threads, by name, read from `/proc/self/task` (Linux; empty elsewhere).
enum ThreadUsage {
    /// Each thread's id, name (`comm`, at most 15 bytes) and CPU seconds so far.
    static func threads() -> [(id: String, name: String, cpuSeconds: Double)] {
        let tasks = "/proc/self/task"
        guard let ids = try? FileManager.default.contentsOfDirectory(atPath: tasks) else { return [] }
        let tick = Double(max(1, sysconf(Int32(_SC_CLK_TCK))))
        return ids.compactMap { id in
            guard let name = try? String(contentsOfFile: "\(tasks)/\(id)/comm", encoding: .utf8),
                let stat = try? String(contentsOfFile: "\(tasks)/\(id)/stat", encoding: .utf8),
                let ticks = ProcessUsage.cpuTicks(stat: stat)
            else { return nil }
            return (id, name.trimmingCharacters(in: .whitespacesAndNewlines), Double(ticks) / tick)
        }
    }

    /// The CPU of a broker and workers running in this process: the broker's loop thread, each worker's
    /// socket thread, and the rest of the process (the client's threads and the shared pool, which runs
    /// the client's tasks and the operations) as the client's.
    static func inProcess() -> CPUSample? {
        guard let process = ProcessUsage.of(getpid()) else { return nil }
        var parts: [String: CPUSample.Part] = [:]
        var workers = 0
        // Thread names are cut to 15 bytes: "interlude-broker" reads "interlude-broke".
        for thread in threads().sorted(by: { $0.id < $1.id }) {
            if thread.name.hasPrefix("interlude-broke") {
                parts["thread \(thread.id)"] = .init(role: .broker, seconds: thread.cpuSeconds)
            } else if thread.name.hasPrefix("interlude-worke") {
                workers += 1
                parts["thread \(thread.id)"] = .init(role: .worker(workers), seconds: thread.cpuSeconds)
            }
        }
        return CPUSample(parts: parts, rest: process.cpuSeconds)
    }
}
