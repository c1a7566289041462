import Foundation
import Presentation
import TestSupport
import Testing
import Wire
import ZeroMQ

extension EndToEnd {
    /// A field's pattern costs linear time (issue: each value refused by `(a+)+b` held the broker loop
    /// about a second in NSRegularExpression; ten answers froze it for 10.5 s).
    @Suite("Field patterns") struct FieldPatterns {
        @Test("Ten answers of 1,000 characters refused by (a+)+b, then a status on the same connection: all eleven replies within 3 s")
        func pathologicalPatternsDoNotHoldTheBroker() async throws {
            let sandbox = try Sandbox("pattern-hostile")
            defer { sandbox.shutdown() }
            // A long heartbeat, so the raw worker (which sends none) stays alive through the test.
            try await sandbox.startBroker(environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
            let worker = try RawWorker(sandbox.workers)
            _ = try await onThread { try worker.announce("patterned-1", [OperationAnnouncement(name: "patterned", summary: "Asks for a code", input: nil)]) }
            let job = try await sandbox.submit("patterned", "{}")
            let question = try await onThread { () throws -> Presentation in
                let dispatch = try worker.dispatch()
                var draft = Presentation.Draft.alert(
                    "Code", actions: [Action(id: "ok", label: "OK"), Action(id: "cancel", label: "Cancel", role: .cancel)])
                draft.fields = [TextFieldState(id: "code", label: "Code", maxLength: 1_000, pattern: "(a+)+b")]
                try worker.send(.present(.init(job: dispatch.job, attempt: dispatch.attempt, sequence: 1, draft: draft)), correlation: "p1")
                while true {
                    if case .presented(let presentation) = try worker.receive() { return presentation }
                }
            }

            // One client connection: the broker answers its requests in order, so the status waits for the ten answers.
            // The socket is used on a thread of its own, so no thread of the shared test pool waits on it.
            let clients = sandbox.clients
            let refusals = try await onThread { () throws -> [WireError] in
                let socket = try Socket(try Context(), .dealer)
                defer { socket.close() }
                try socket.connect(clients)
                let value = String(repeating: "a", count: 1_000)
                for index in 0..<10 {
                    let answer = ClientRequest.answer(.init(presentation: question.id, action: "ok", by: "mallory", channel: "cli", values: ["code": value]))
                    guard try socket.send(Frames.encode(answer, correlation: "answer-\(index)"), timeout: .seconds(5)) else {
                        throw EndToEndFailure("answer \(index) not sent")
                    }
                }
                guard try socket.send(Frames.encode(ClientRequest.status(.init(job: job)), correlation: "status"), timeout: .seconds(5)) else {
                    throw EndToEndFailure("the status request was not sent")
                }
                let deadline = ContinuousClock.now + .seconds(3)
                var refusals: [WireError] = []
                while true {
                    let left = max(.zero, deadline - ContinuousClock.now)
                    guard let frames = try socket.receive(timeout: left) else {
                        throw EndToEndFailure("the broker answered \(refusals.count) of 11 within 3 s")
                    }
                    let (reply, correlation) = try Frames.decode(frames, as: BrokerReply.self)
                    if correlation == "status" { return refusals }
                    if case .error(let error) = reply { refusals.append(error) }
                }
            }
            #expect(refusals.count == 10)
            #expect(refusals.allSatisfy { $0.code == .invalidAnswer && $0.message.contains("does not match (a+)+b") }, "\(refusals)")
            #expect(try await sandbox.status(job).state == .waiting, "the question still waits")
        }
    }
}
