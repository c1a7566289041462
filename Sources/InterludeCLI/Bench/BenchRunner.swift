import Foundation
import SQLite
import ZeroMQ

/// Runs the three parts in order, each broker on a fresh journal under one temporary folder.
struct BenchRunner {
    let parameters: BenchReport.Parameters
    /// How long each part may take.
    let limit: Duration

    func run(command: String) async throws -> BenchReport {
        let machine = Machine.current()
        let context = try Context()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let p = parameters

        progress("echo floor: \(p.echoes) round trips")
        let echo = try await EchoRun.run(context: context, roundTrips: p.echoes, limit: limit)
        var throughput: [ThroughputRun.Result] = []
        for mode in [Synchronous.full, .normal] {
            let label = mode.rawValue.lowercased()
            progress("throughput, synchronous=\(label): \(p.jobs) noop jobs, ≤\(p.inFlight) in flight")
            throughput.append(try await withSystem(context, mode, folder: root.appendingPathComponent("jobs-\(label)")) { system in
                try await ThroughputRun.run(system, synchronous: label, jobs: p.jobs, inFlight: p.inFlight, limit: limit)
            })
        }
        progress("throughput, synchronous=full over CURVE: \(p.jobs) noop jobs, ≤\(p.inFlight) in flight")
        throughput.append(try await withSystem(context, .full, folder: root.appendingPathComponent("jobs-curve"), curve: true) { system in
            try await ThroughputRun.run(system, synchronous: "full", curve: true, jobs: p.jobs, inFlight: p.inFlight, limit: limit)
        })
        var answers: [AnswerRun.Result] = []
        for mode in [Synchronous.full, .normal] {
            let label = mode.rawValue.lowercased()
            progress("answer latency, synchronous=\(label): \(p.questions) questions")
            answers.append(try await withSystem(context, mode, folder: root.appendingPathComponent("answers-\(label)")) { system in
                try await AnswerRun.run(system, synchronous: label, questions: p.questions, limit: limit)
            })
        }
        return BenchReport(
            machine: machine, command: command, parameters: p, throughput: throughput, answers: answers, echo: echo)
    }

    /// Starts a system, warms it up, runs `body` on it and shuts it down, also when something fails.
    private func withSystem<T>(
        _ context: Context, _ mode: Synchronous, folder: URL, curve: Bool = false, _ body: (BenchSystem) async throws -> T
    ) async throws -> T {
        let system = try BenchSystem(context: context, synchronous: mode, capacity: parameters.capacity, folder: folder, curve: curve)
        do {
            try await system.warmUp(within: .seconds(10))
            let value = try await body(system)
            await system.shutdown()
            return value
        } catch {
            await system.shutdown()
            throw error
        }
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
    }
}
