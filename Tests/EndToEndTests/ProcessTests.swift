import Foundation
import JSON
import Presentation
import Testing
import Wire
import ZeroMQ

extension EndToEnd {
    /// `interlude up` as a whole, and the broker's wire protocol under garbage.
    @Suite("Up and the wire") struct UpAndWire {
        @Test("interlude up prints its endpoints, creates the demo library, serves a round trip and stops on SIGTERM with status 0")
        func upRunsEverythingAndStopsCleanly() async throws {
            let sandbox = try Sandbox("up", demoLibrary: false)
            defer { sandbox.shutdown() }
            let (up, banner) = try await sandbox.startUp()
            for name in ["clients", "workers", "events"] {
                let endpoint = try #require(banner[name], "\(banner)")
                #expect(endpoint.hasPrefix("tcp://127.0.0.1:") && !endpoint.hasSuffix(":*"), "\(name) names the port it bound: \(endpoint)")
            }
            #expect(Set([sandbox.clients, sandbox.workers, sandbox.events]).count == 3)
            #expect(banner["library"] == sandbox.library.path, "\(banner)")
            let file = TestLibrary.download("t-101", in: sandbox.library)
            #expect(FileManager.default.fileExists(atPath: file.path), "the demo library was created")
            #expect(FileManager.default.fileExists(atPath: sandbox.library.appendingPathComponent("projects/atlas").path))

            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: job)
            #expect(question.title == "Remove download")
            let answer = try await sandbox.cli("answer", question.id, "remove")
            #expect(answer.status == 0, "\(answer)")
            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.result == .object(["removed": .bool(true)]))
            #expect(!FileManager.default.fileExists(atPath: file.path))

            up.terminate()
            let stopped = await up.exit(within: .seconds(5))
            #expect(stopped == .init(status: 0, signalled: false), "\(String(describing: stopped))\n\(up.tail())")
            #expect(FileManager.default.fileExists(atPath: sandbox.data.appendingPathComponent("journal.sqlite").path))
        }

        @Test("A command waits for an absent broker as long as requestTimeoutMs says, and says how long it waited")
        func commandsHonourTheRequestTimeout() async throws {
            let sandbox = try Sandbox("request-timeout", demoLibrary: false)
            defer { sandbox.shutdown() }
            let absent = "ipc://\(sandbox.root.path)/nobody-binds-this"
            for (milliseconds, shown) in [(250, "0.25 seconds"), (400, "0.4 seconds")] {
                let result = try await sandbox.cli(
                    ["pending"], environment: ["INTERLUDE_CLIENTS": absent, "INTERLUDE_REQUEST_TIMEOUT_MS": String(milliseconds)])
                #expect(result.status == 1, "\(result)")
                #expect(result.stderr.contains("did not answer within \(shown)"), "\(result)")
            }
        }

        @Test("Malformed frames each get an error reply with the right code and the broker keeps serving")
        func malformedFramesGetErrors() async throws {
            let sandbox = try Sandbox("frames")
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker()

            let socket = try Socket(try Context(), .dealer)
            defer { socket.close() }
            try socket.connect(sandbox.clients)
            func exchange(_ frames: [Data]) throws -> (reply: BrokerReply, correlation: String) {
                guard try socket.send(frames, timeout: .seconds(5)) else { throw EndToEndFailure("could not send to the broker") }
                guard let reply = try socket.receive(timeout: .seconds(5)) else {
                    throw EndToEndFailure("no reply within 5 s to \(frames.map { String(decoding: $0, as: UTF8.self) })\n\(sandbox.diagnostics())")
                }
                let decoded = try Frames.decode(reply, as: BrokerReply.self)
                return (decoded.message, decoded.correlation)
            }
            let text = { (string: String) in Data(string.utf8) }
            let cases: [(String, [Data], WireError.Code, String)] = [
                ("one frame", [text("garbage")], .malformedFrames, ""),
                ("wrong version", [text("interlude/9"), text("pending"), text("c-version"), text("{}")], .unsupportedVersion, "c-version"),
                ("unknown type", [text("interlude/1"), text("explode"), text("c-type"), text("{}")], .unknownMessage, "c-type"),
                ("invalid JSON", [text("interlude/1"), text("status"), text("c-json"), text("{not json")], .invalidBody, "c-json"),
                ("wrong shape", [text("interlude/1"), text("submit"), text("c-shape"), text(#"{"operation":7}"#)], .invalidBody, "c-shape"),
            ]
            for (label, frames, code, correlation) in cases {
                let (reply, echoed) = try exchange(frames)
                guard case .error(let error) = reply else {
                    Issue.record("\(label): expected an error reply, got \(reply)")
                    continue
                }
                #expect(error.code == code, "\(label): \(error)")
                #expect(!error.message.isEmpty, "\(label)")
                #expect(echoed == correlation, "\(label): the correlation id is echoed")
            }

            let (reply, echoed) = try exchange(Frames.encode(ClientRequest.pending(.init()), correlation: "c-ok"))
            guard case .pending(let snapshot) = reply else {
                Issue.record("expected a pending snapshot, got \(reply)")
                return
            }
            #expect(snapshot.presentations.isEmpty)
            #expect(echoed == "c-ok")
            #expect(broker.isRunning, "no input crashes the broker")
            #expect(try await sandbox.cli("pending").status == 0)
            #expect(try await sandbox.jobs().isEmpty, "the garbage submit queued nothing")
        }
    }
}
