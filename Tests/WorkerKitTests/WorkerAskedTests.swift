import Foundation
import Log
import Presentation
import Primitives
import TestSupport
import Testing
import Wire
import WorkerKit
import WorkerRuntime
import ZeroMQ

/// A worker says it takes `asked` (a question's id alone) for a `present`, and a job asking a question goes
/// on when that is its acknowledgement.
@Suite struct WorkerAskedTests {
    @Test("A worker's ready says it takes asked, and a question acknowledged by asked is answered and its job ends")
    func aQuestionAcknowledgedByItsIdAloneGoesOn() async throws {
        let socket = try Socket(try Context(), .router)
        try socket.bind("tcp://127.0.0.1:*")
        let endpoint = try socket.lastEndpoint
        let owned = Handoff(socket)
        async let observed = onThread { () throws -> (ready: WorkerMessage.Ready?, result: WorkerMessage.Result) in
            let socket = owned.value
            defer { socket.close() }
            var ready: WorkerMessage.Ready?
            let deadline = ContinuousClock.now + .seconds(10)
            while true {
                guard let frames = try socket.receive(timeout: max(.zero, deadline - ContinuousClock.now)), let peer = frames.first else {
                    throw WireError(.internal, "no result within 10 s")
                }
                let (message, correlation) = try Frames.decode(Array(frames.dropFirst()), as: WorkerMessage.self)
                switch message {
                case .ready(let announced):
                    ready = announced
                    _ = try socket.send([peer] + Frames.encode(BrokerCommand.welcome(.init(operations: ["scripted"]))))
                    let dispatch = BrokerCommand.Dispatch(job: "j1", attempt: 1, operation: "scripted", input: .object([:]), history: History())
                    _ = try socket.send([peer] + Frames.encode(BrokerCommand.dispatch(dispatch)))
                case .present(let present):
                    _ = try socket.send([peer] + Frames.encode(BrokerCommand.asked(.init(id: "prs-j1")), correlation: correlation))
                    let answer = Resolution(presentation: "prs-j1", job: present.job, cause: .answered, action: "delete", by: "ana", channel: "cli", at: Date())
                    let resume = BrokerCommand.Resume(job: present.job, attempt: present.attempt, sequence: present.sequence, resolution: answer)
                    _ = try socket.send([peer] + Frames.encode(BrokerCommand.resume(resume)))
                case .result(let result):
                    return (ready, result)
                default:
                    break
                }
            }
        }
        var registry = OperationRegistry()
        try registry.register(askDelete)
        let worker = try WorkerService(
            context: try Context(), endpoint: endpoint, registry: registry, settings: .init(name: "w1", capacity: 1), log: Log("worker", level: .off))
        let running = Task { try await worker.run() }
        defer { running.cancel() }
        let (ready, result) = try await observed
        #expect(ready?.asked == true)
        #expect(result.outcome == .succeeded, "\(result)")
        #expect(result.output == .string("delete"))
    }
}
