import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// The gateway answers only its own pages: the reproduction of a foreign page resetting the
    /// preferences, DNS rebinding, and the headers that keep its responses to itself.
    @Suite("HTTP origins") struct HTTPOrigins {
        /// A raw request to the gateway, so `Host` and `Origin` are exactly what a browser on another site sends.
        static func raw(_ sandbox: Sandbox, _ method: String, _ path: String, headers: [String: String], body: String = "") async throws -> HTTPReply {
            let port = try sandbox.gatewayPort
            var request = "\(method) \(path) HTTP/1.1\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
            for (name, value) in headers { request += "\(name): \(value)\r\n" }
            guard let reply = try await RawConnection.exchange(port: port, request + "\r\n" + body) else {
                throw EndToEndFailure("no response to \(method) \(path)")
            }
            return reply
        }

        @Test("The reported request from another site is refused (421, 415, 403) and the preferences are not reset; the page's own request works")
        func aForeignPageCannotAnswer() async throws {
            let sandbox = try Sandbox("http-origins")
            defer { sandbox.shutdown() }
            try await sandbox.startAll()
            let job = try await sandbox.api().post("/v1/operations", #"{"operation": "resetPreferences"}"#).decode(Job.self)
            let question = try await sandbox.questionOverHTTP(job.id)
            let answer = "/v1/presentations/\(question.id)/answer"
            let reset = #"{"action":"reset"}"#

            // curl -X POST $API/…/answer -H 'Content-Type: text/plain' -H 'Origin: http://evil.example' -H 'Host: evil.example' -d '{"action":"reset"}'
            let reported = try await Self.raw(
                sandbox, "POST", answer,
                headers: [
                    "Host": "evil.example", "Origin": "http://evil.example", "Content-Type": "text/plain",
                ], body: reset)
            #expect(reported.status == 421, "\(reported)")
            #expect(reported.errorCode == "misdirectedRequest")
            let plain = try await Self.raw(sandbox, "POST", answer, headers: ["Host": sandbox.http, "Content-Type": "text/plain"], body: reset)
            #expect(plain.status == 415, "\(plain)")
            #expect(plain.errorCode == "unsupportedMediaType")
            let foreign = try await Self.raw(
                sandbox, "POST", answer,
                headers: [
                    "Host": sandbox.http, "Origin": "http://evil.example", "Content-Type": "application/json",
                ], body: reset)
            #expect(foreign.status == 403, "\(foreign)")
            #expect(foreign.errorCode == "foreignOrigin")
            #expect(
                try await sandbox.waitOverHTTP(job.id, "still waiting") { $0.state == .waiting }.presentation?.id == question.id,
                "no refused request reset anything")

            let own = try await Self.raw(
                sandbox, "POST", answer,
                headers: [
                    "Host": sandbox.http, "Origin": sandbox.gatewayURL, "Content-Type": "application/json", "X-Interlude-Channel": "web",
                ], body: #"{"action":"cancel"}"#)
            #expect(own.status == 200, "\(own)")
            #expect(try await sandbox.waitOverHTTP(job.id, "finished") { $0.isFinished }.result == .object(["reset": .bool(false)]))
        }

        @Test("DNS rebinding: a request naming another host is refused even to read, while /healthz still answers any name")
        func rebindingIsRefused() async throws {
            let sandbox = try Sandbox("http-rebinding")
            defer { sandbox.shutdown() }
            try await sandbox.startAll()
            let port = sandbox.http.split(separator: ":").last ?? ""
            let read = try await Self.raw(sandbox, "GET", "/v1/presentations", headers: ["Host": "rebound.example:\(port)"])
            #expect(read.status == 421, "\(read)")
            #expect(!read.text.contains("presentations\":"), "nothing of the API's answer")
            let page = try await Self.raw(sandbox, "GET", "/", headers: ["Host": "rebound.example:\(port)"])
            #expect(page.status == 421)
            #expect(try await Self.raw(sandbox, "GET", "/healthz", headers: ["Host": "10.1.2.3:\(port)"]).status == 200)
        }

        @Test("Responses may not be framed or read by other sites, and CORS stays closed")
        func responsesKeepToThemselves() async throws {
            let sandbox = try Sandbox("http-headers")
            defer { sandbox.shutdown() }
            try await sandbox.startAll()
            let api = try await Self.raw(sandbox, "GET", "/v1/jobs", headers: ["Host": sandbox.http, "Origin": "http://evil.example"])
            #expect(api.status == 200)
            #expect(api.header("Cross-Origin-Resource-Policy") == "same-origin")
            #expect(api.header("X-Frame-Options") == "DENY")
            #expect(api.header("Content-Security-Policy") == "frame-ancestors 'none'")
            #expect(api.header("Access-Control-Allow-Origin") == nil, "no CORS for another site")
            let page = try await Self.raw(sandbox, "GET", "/", headers: ["Host": sandbox.http])
            #expect(page.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
            #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true, "the page keeps its own policy")
            let preflight = try await Self.raw(
                sandbox, "OPTIONS", "/v1/operations",
                headers: [
                    "Host": sandbox.http, "Origin": "http://evil.example", "Access-Control-Request-Method": "POST",
                ])
            #expect(preflight.status == 403, "\(preflight)")
        }

        @Test("allowedOrigins opens CORS to the origins it lists, and to no other")
        func allowedOriginsGetCORS() async throws {
            let sandbox = try Sandbox("http-cors")
            defer { sandbox.shutdown() }
            try await sandbox.startAll(gateway: ["INTERLUDE_ALLOWED_ORIGINS": "https://ops.example.org"])
            let preflight = try await Self.raw(
                sandbox, "OPTIONS", "/v1/operations",
                headers: [
                    "Host": sandbox.http, "Origin": "https://ops.example.org", "Access-Control-Request-Method": "POST",
                    "Access-Control-Request-Headers": "content-type",
                ])
            #expect(preflight.status == 204, "\(preflight)")
            #expect(preflight.header("Access-Control-Allow-Origin") == "https://ops.example.org")
            let submitted = try await Self.raw(
                sandbox, "POST", "/v1/operations",
                headers: [
                    "Host": sandbox.http, "Origin": "https://ops.example.org", "Content-Type": "application/json",
                ], body: #"{"operation":"noop"}"#)
            #expect(submitted.status == 202, "\(submitted)")
            #expect(submitted.header("Access-Control-Allow-Origin") == "https://ops.example.org")
            let other = try await Self.raw(
                sandbox, "POST", "/v1/operations",
                headers: [
                    "Host": sandbox.http, "Origin": "https://evil.example", "Content-Type": "application/json",
                ], body: #"{"operation":"noop"}"#)
            #expect(other.status == 403)
        }
    }
}
