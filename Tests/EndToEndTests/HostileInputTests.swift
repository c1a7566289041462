import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire
import ZeroMQ

extension EndToEnd {
    /// Hostile input is cheap and shows as text (issue: 400-deep JSON froze the broker; escape codes
    /// submitted over HTTP were printed raw by `interlude pending`; `by` took 20,007 characters).
    @Suite("Hostile input") struct HostileInput {
        @Test("A submit nested 400 deep is refused before it is decoded, creates no job, and the broker keeps answering")
        func deepNestingIsRefusedCheaply() async throws {
            let sandbox = try Sandbox("hostile-deep")
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker()
            let socket = try Socket(try Context(), .dealer)
            defer { socket.close() }
            try socket.connect(sandbox.clients)
            let deep = String(repeating: "[", count: 400) + String(repeating: "]", count: 400)
            for index in 0..<4 {
                // About the size of the four requests that froze the broker.
                let body = #"{"input":\#(deep),"operation":"noop"}"#
                let frames = [Data("interlude/1".utf8), Data("submit".utf8), Data("deep-\(index)".utf8), Data(body.utf8)]
                #expect(try socket.send(frames, timeout: .seconds(5)))
                let reply = try #require(try socket.receive(timeout: .seconds(5)), "the broker answers at once")
                guard case .error(let error) = try Frames.decode(reply, as: BrokerReply.self).message else {
                    return #expect(Bool(false), "expected a refusal")
                }
                #expect(error.code == .invalidBody)
                #expect(error.message.contains("nested deeper than 64"), "\(error)")
            }
            #expect(try await sandbox.jobs().isEmpty, "none of the four was journaled")
            #expect(broker.isRunning)
            let cli = try await sandbox.cli("submit", "noop", "--input", deep)
            #expect(cli.status == 2, "the CLI refuses it before sending: \(cli)")
            #expect(cli.stderr.contains("nested deeper than 64"))
        }

        @Test("Escape codes in a question's text fail the job instead of reaching a terminal, and `pending` prints none")
        func escapeCodesNeverReachTheTerminal() async throws {
            let sandbox = try Sandbox("hostile-escapes")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            try await sandbox.startGateway()
            let title = "\u{1B}[2J\u{1B}]0;owned\u{07}Blue in Green\u{1B}[1A\nfake: answered by root"
            let input = try String(
                decoding: JSONCoding.encoder.encode(JSONValue.object(["trackID": .string("t-101"), "title": .string(title)])), as: UTF8.self)
            let submitted = try await sandbox.api().post("/v1/operations", #"{"operation":"removeDownload","input":\#(input)}"#)
            #expect(submitted.status == 202, "\(submitted)")
            let job = try submitted.decode(Job.self).id
            let ended = try await sandbox.waitForEnd(of: job)
            #expect(ended.state == .failed)
            #expect(ended.error?.message.contains("control character U+001B") == true, "\(String(describing: ended.error))")

            _ = try await sandbox.submit("removeDownload", soWhat)
            _ = try await sandbox.eventually("a question to be pending") { try await sandbox.pending().first }
            for command in [["pending"], ["jobs"], ["status", job]] {
                let printed = try await sandbox.cli(command)
                #expect(printed.status == 0, "\(printed)")
                #expect(!printed.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(command): \(printed)")
            }
        }

        @Test("An answer's `by` with control characters, or longer than 128 characters, is refused with exit 1 and the question stays pending")
        func unreadableNamesAreRefused() async throws {
            let sandbox = try Sandbox("hostile-names")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: job)
            let escapes = String(repeating: "\u{1B}]0;owned\u{07}\u{1B}[2J", count: 1_429)
            for by in [escapes, "ana\u{1B}[31m", String(repeating: "a", count: 129)] {
                let refused = try await sandbox.cli("answer", question.id, "cancel", "--as", by)
                #expect(refused.status == 1, "\(refused.stderr.prefix(300))")
                #expect(refused.stderr.contains("by "), "\(refused.stderr.prefix(300))")
                #expect(!refused.output.unicodeScalars.contains { $0.value == 0x1B })
            }
            #expect(try await sandbox.pending().map(\.id) == [question.id])
            let taken = try await sandbox.cli("answer", question.id, "cancel", "--as", "Ana María")
            #expect(taken.status == 0, "\(taken)")
        }
    }
}
