import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// The gateway's API tokens reread on SIGHUP, and what a removed token keeps open: nothing.
    @Suite("Revoked API tokens") struct RevokedTokens {
        static func tokens(_ entries: [(name: String, token: String)]) -> String {
            "[" + entries.map { #"{"name": "\#($0.name)", "token": "\#($0.token)", "scopes": ["read", "submit", "answer"]}"# }.joined(separator: ", ") + "]"
        }

        @Test("An event stream opened with a token that SIGHUP removed is ended; one with a kept token goes on, and the removed token is refused")
        func aRemovedTokensEventStreamEnds() async throws {
            let sandbox = try Sandbox("revoke-token")
            defer { sandbox.shutdown() }
            let (kept, gone) = ("tok-kept-0123456789abcdef", "tok-gone-0123456789abcdef")
            let file = sandbox.root.appendingPathComponent("tokens.json")
            try Self.tokens([("kept", kept), ("gone", gone)]).write(to: file, atomically: true, encoding: .utf8)
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            let gateway = try await sandbox.startGateway(environment: ["INTERLUDE_TOKENS_FILE": file.path, "INTERLUDE_LOG_LEVEL": "info"])
            let port = try sandbox.gatewayPort
            let keptStream = try SSEConnection(port: port, target: "/v1/events", headers: ["Authorization": "Bearer \(kept)"])
            let goneStream = try SSEConnection(port: port, target: "/v1/events", headers: ["Authorization": "Bearer \(gone)"])
            defer {
                keptStream.close()
                goneStream.close()
            }
            try await keptStream.opened()
            try await goneStream.opened()

            try Self.tokens([("kept", kept)]).write(to: file, atomically: true, encoding: .utf8)
            gateway.hangUp()
            _ = try await sandbox.eventually("the gateway to reread its tokens", timeout: .seconds(10)) { () throws -> Bool? in
                if let ended = gateway.termination { throw EndToEndFailure("the gateway exited at SIGHUP (\(ended)):\n\(gateway.tail())") }
                return gateway.stderr.contains("SIGHUP: 1 API token(s) read") ? true : nil
            }
            try await goneStream.ended()
            #expect(try await sandbox.api(token: gone).get("/v1/jobs").status == 401, "the removed token is refused")
            let job = try await sandbox.api(token: kept).post("/v1/operations", #"{"operation": "removeDownload", "input": \#(blueInGreen)}"#)
            #expect(job.status == 202, "\(job)")
            let heard = try await keptStream.messages(1)
            #expect(heard.map(\.event) == ["job.queued"], "the kept token's stream goes on: \(heard)")
            #expect(gateway.isRunning)
        }
    }
}
