import Foundation
import Gateway
import HTTPServer
import Testing

@Suite struct OriginPolicyTests {
    static let loopback = OriginPolicy(publicURL: nil)
    static let published = OriginPolicy(publicURL: URL(string: "https://interlude.example.com"), allowedOrigins: ["https://ops.example.org"])

    static func verdict(
        _ policy: OriginPolicy, _ method: HTTPMethod, path: String = "/v1/presentations/prs_1/answer", _ headers: HTTPHeaders
    ) -> OriginPolicy.Verdict {
        policy.verdict(method: method, path: path, headers: headers)
    }

    static func status(_ verdict: OriginPolicy.Verdict) -> Int {
        switch verdict {
        case .serve: 200
        case .preflight: 204
        case .refuse(let status, _, _): status
        }
    }

    @Test func theReportedRequestIsRefusedAsMisdirected() {
        // curl -X POST …/answer -H 'Content-Type: text/plain' -H 'Origin: http://evil.example' -H 'Host: evil.example'
        let verdict = Self.verdict(Self.loopback, .post, ["Host": "evil.example", "Origin": "http://evil.example", "Content-Type": "text/plain"])
        guard case .refuse(421, "misdirectedRequest", let message) = verdict else {
            Issue.record("expected 421, got \(verdict)")
            return
        }
        #expect(message.contains("evil.example"))
    }

    @Test(arguments: [
        // DNS rebinding: a page on evil.example whose name now resolves to 127.0.0.1 reads or writes.
        (HTTPMethod.get, ["Host": "evil.example:8080"], 421),
        (.post, ["Host": "evil.example:8080", "Content-Type": "application/json"], 421),
        (.get, [:], 421),
        // A loopback name with something after the port is no host at all (the server refuses it first).
        (.get, ["Host": "127.0.0.1:8080 evil"], 421),
        (.get, ["Host": "localhost:80:80"], 421),
        // Right host, but what a foreign page can send without asking.
        (.post, ["Host": "127.0.0.1:8080", "Content-Type": "text/plain"], 415),
        (.post, ["Host": "127.0.0.1:8080", "Content-Type": "application/x-www-form-urlencoded"], 415),
        (.post, ["Host": "127.0.0.1:8080"], 415),
        (.post, ["Host": "127.0.0.1:8080", "Content-Type": "application/json-seq"], 415),
        // JSON from another origin (it would need CORS, but the gateway refuses before acting).
        (.post, ["Host": "127.0.0.1:8080", "Content-Type": "application/json", "Origin": "http://evil.example"], 403),
        (.post, ["Host": "127.0.0.1:8080", "Content-Type": "application/json", "Origin": "null"], 403),
        (.post, ["Host": "127.0.0.1:8080", "Content-Type": "application/json", "Origin": "http://127.0.0.1:9999"], 403),
        // The page itself, curl, scripts.
        (.post, ["Host": "127.0.0.1:8080", "Content-Type": "application/json", "Origin": "http://127.0.0.1:8080"], 200),
        (.post, ["Host": "localhost:8080", "Content-Type": "application/json; charset=utf-8"], 200),
        (.post, ["Host": "[::1]:8080", "Content-Type": "Application/JSON"], 200),
        (.get, ["Host": "127.0.0.1:8080", "Origin": "http://evil.example"], 200),
    ])
    func onALoopbackGatewayOnlyItsOwnPagesAndLocalScriptsMayAct(method: HTTPMethod, headers: [String: String], status: Int) {
        let verdict = Self.verdict(Self.loopback, method, HTTPHeaders(headers.map { .init(name: $0.key, value: $0.value) }))
        #expect(Self.status(verdict) == status, "\(verdict)")
    }

    @Test func aForeignReadGetsNoCORSHeadersSoTheBrowserHidesTheAnswer() {
        #expect(Self.verdict(Self.loopback, .get, ["Host": "127.0.0.1:8080", "Origin": "http://evil.example"]) == .serve(headers: [:]))
    }

    @Test func healthIsAnsweredWhateverTheHostSoProbesKeepWorking() {
        #expect(Self.status(Self.verdict(Self.loopback, .get, path: "/healthz", ["Host": "10.0.0.7:8080"])) == 200)
    }

    @Test(arguments: [
        (HTTPMethod.post, ["Host": "interlude.example.com", "Content-Type": "application/json", "Origin": "https://interlude.example.com"], 200),
        (.post, ["Host": "INTERLUDE.example.com:443", "Content-Type": "application/json"], 200),
        (.post, ["Host": "localhost:8080", "Content-Type": "application/json", "Origin": "http://localhost:8080"], 200),
        (.post, ["Host": "interlude.example.net", "Content-Type": "application/json"], 421),
        (.post, ["Host": "interlude.example.com", "Content-Type": "application/json", "Origin": "http://interlude.example.com"], 403),
        (.post, ["Host": "interlude.example.com", "Content-Type": "application/json", "Origin": "https://ops.example.org"], 200),
    ])
    func aPublishedGatewayAnswersForItsPublicHostAndAllowedOrigins(method: HTTPMethod, headers: [String: String], status: Int) {
        let verdict = Self.verdict(Self.published, method, HTTPHeaders(headers.map { .init(name: $0.key, value: $0.value) }))
        #expect(Self.status(verdict) == status, "\(verdict)")
    }

    @Test func anAllowedOriginGetsCORSAndItsPreflightsWhileOthersGetNone() {
        let allowed = Self.verdict(Self.published, .get, ["Host": "interlude.example.com", "Origin": "https://ops.example.org"])
        guard case .serve(let headers) = allowed else {
            Issue.record("expected serve, got \(allowed)")
            return
        }
        #expect(headers["Access-Control-Allow-Origin"] == "https://ops.example.org")
        #expect(headers["Vary"] == "Origin")
        let preflight = Self.verdict(
            Self.published, .options,
            [
                "Host": "interlude.example.com", "Origin": "https://ops.example.org", "Access-Control-Request-Method": "POST",
            ])
        guard case .preflight(let answer) = preflight else {
            Issue.record("expected a preflight answer, got \(preflight)")
            return
        }
        #expect(answer["Access-Control-Allow-Methods"] == "GET, POST")
        #expect(answer["Access-Control-Allow-Headers"]?.contains("Content-Type") == true)
        let foreign = Self.verdict(
            Self.published, .options,
            [
                "Host": "interlude.example.com", "Origin": "https://evil.example", "Access-Control-Request-Method": "POST",
            ])
        #expect(Self.status(foreign) == 403)
        #expect(
            Self.verdict(Self.loopback, .get, ["Host": "127.0.0.1", "Origin": "https://ops.example.org"]) == .serve(headers: [:]),
            "CORS stays closed without allowedOrigins")
    }
}
