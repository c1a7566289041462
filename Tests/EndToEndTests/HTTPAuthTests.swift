import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// Bearer tokens, and where the gateway refuses to run without them.
    @Suite("HTTP authentication") struct HTTPAuthentication {
        static let tokens = "ci:tok-ci-0123456789:submit+read,ana:tok-ana-0123456789:answer+read"

        @Test("With tokens: 401 without one, 403 with the wrong scope, and answers record the token's name")
        func tokensAndScopes() async throws {
            let sandbox = try Sandbox("http-auth")
            defer { sandbox.shutdown() }
            try await sandbox.startAll(gateway: ["INTERLUDE_TOKENS": Self.tokens])
            let ci = sandbox.api(token: "tok-ci-0123456789")
            let ana = sandbox.api(token: "tok-ana-0123456789")

            let anonymous = try await sandbox.api().post("/v1/operations", #"{"operation": "resetPreferences"}"#)
            #expect(anonymous.status == 401, "\(anonymous)")
            #expect(anonymous.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            #expect(try await sandbox.jobs().isEmpty, "nothing was queued")
            let wrongScope = try await ana.post("/v1/operations", #"{"operation": "resetPreferences"}"#)
            #expect(wrongScope.status == 403, "\(wrongScope)")

            let job = try await ci.post("/v1/operations", #"{"operation": "resetPreferences"}"#).decode(Job.self)
            let question = try await sandbox.questionOverHTTP(job.id, client: ci)
            let ciAnswers = try await ci.post("/v1/presentations/\(question.id)/answer", #"{"action": "cancel"}"#)
            #expect(ciAnswers.status == 403, "\(ciAnswers)")
            let answered = try await ana.post("/v1/presentations/\(question.id)/answer", #"{"dismiss": true}"#)
            #expect(answered.status == 200, "\(answered)")
            let resolution = try answered.decode(Resolution.self)
            #expect(resolution.by == "ana")
            #expect(resolution.cause == .dismissed)
            #expect(resolution.channel == "http")
            #expect(try await sandbox.api().get("/healthz").status == 200, "health needs no token")
            #expect(!sandbox.diagnostics().contains("tok-"), "no token is ever logged")
        }

        @Test("On a non-loopback address without tokens the gateway refuses to start, naming the fix")
        func refusesWithoutTokensOffLoopback() async throws {
            let sandbox = try Sandbox("http-refuse", demoLibrary: false)
            defer { sandbox.shutdown() }
            let gateway = try sandbox.start("gateway", ["gateway"], environment: ["INTERLUDE_HTTP": "0.0.0.0:0"])
            let ended = await gateway.exit(within: .seconds(10))
            #expect(ended == .init(status: 1, signalled: false), "\(gateway.tail())")
            #expect(gateway.stderr.contains("0.0.0.0"), "\(gateway.stderr)")
            #expect(gateway.stderr.contains("tokens"), "\(gateway.stderr)")
        }

        @Test("interlude up serves the HTTP API at the URL its banner prints")
        func upServesTheAPI() async throws {
            let sandbox = try Sandbox("up-http")
            defer { sandbox.shutdown() }
            let (up, banner) = try await sandbox.startUp()
            let url = try #require(banner["gateway"], "\(banner)")
            #expect(url.hasPrefix("http://127.0.0.1:") && !url.hasSuffix(":0"), "the port it bound: \(url)")
            let api = sandbox.api()
            let job = try await api.post("/v1/operations", #"{"operation": "removeDownload", "input": \#(blueInGreen)}"#).decode(Job.self)
            let question = try await sandbox.questionOverHTTP(job.id)
            _ = try await api.post("/v1/presentations/\(question.id)/answer", #"{"action": "remove"}"#)
            let done = try await sandbox.waitOverHTTP(job.id, "finished") { $0.isFinished }
            #expect(done.result == .object(["removed": .bool(true)]), "\(done)")
            up.terminate()
            #expect(await up.exit(within: .seconds(5)) == .init(status: 0, signalled: false), "\(up.tail())")
        }
    }
}
