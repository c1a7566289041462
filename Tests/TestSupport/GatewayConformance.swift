public import Foundation
public import JSON
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The gateways tests talk to, by loopback port, each with the OpenAPI document it serves: every reply
/// `roundTrip` (and so `fetch`) gets from a registered port is checked against that document, and a
/// finding is recorded as an issue of the running test. A test cannot skip the check by ignoring
/// the reply or by catching an error.
public enum GatewayConformance {
    struct Gateway: Sendable {
        var checker: APIConformance
        let isRunning: @Sendable () -> Bool
        let refresh: @Sendable () async -> JSONValue?
    }

    static let gateways = Mutex<[Int: Gateway]>([:])

    /// Checks replies from `port` against `document` while `isRunning` holds (the port may later
    /// belong to another server); `refresh` gets the document again, which is done once before a
    /// finding is reported (announced operations change the document).
    public static func register(
        port: Int, document: JSONValue, isRunning: @escaping @Sendable () -> Bool, refresh: @escaping @Sendable () async -> JSONValue?
    ) {
        let gateway = Gateway(checker: APIConformance(document: document), isRunning: isRunning, refresh: refresh)
        gateways.withLock { $0[port] = gateway }
    }

    /// Checks replies from the gateway on loopback `port` against the document it serves at
    /// `/v1/openapi.json`, fetched now (and again before a finding is reported), while `isRunning` holds.
    public static func register(port: Int, isRunning: @escaping @Sendable () -> Bool) async {
        let refresh: @Sendable () async -> JSONValue? = { await servedDocument(port: port) }
        guard let document = await refresh() else { return }
        register(port: port, document: document, isRunning: isRunning, refresh: refresh)
    }

    /// Stops checking replies from `port`.
    public static func unregister(port: Int) {
        _ = gateways.withLock { $0.removeValue(forKey: port) }
    }

    /// The served document of the gateway on loopback `port`, or nil (fetched without being checked).
    public static func servedDocument(port: Int) async -> JSONValue? {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/v1/openapi.json")!)
        request.timeoutInterval = 10
        guard let reply = try? await exchange(request), reply.status == 200 else { return nil }
        return try? JSONReader.read(JSONValue.self, from: reply.body)
    }

    /// Checks `reply` to `request` if a registered gateway sent it; records what breaks the document.
    static func check(_ request: URLRequest, _ reply: HTTPReply, url: URL?) async {
        guard let url = url ?? request.url, LoopbackHosts.names.contains(url.host ?? ""), let port = url.port ?? request.url?.port else { return }
        // A redirect followed to another path was a GET there (303), without the body.
        let redirected = request.url.map { $0.path != url.path } ?? false
        let method = redirected ? "GET" : request.httpMethod ?? "GET"
        let target = url.path + (url.query.map { "?\($0)" } ?? "")
        await check(port: port, method: method, target: target, body: redirected ? nil : request.httpBody, reply: reply)
    }

    /// Checks the reply to a request written by hand (`RawConnection`): its request line gives the
    /// method and target; a chunked body is not read.
    static func check(port: Int, raw request: String, reply: HTTPReply?) async {
        guard let reply, let head = request.components(separatedBy: "\r\n\r\n").first else { return }
        let words = head.prefix { $0 != "\r" && $0 != "\n" }.split(separator: " ")
        guard words.count == 3, words[1].hasPrefix("/"), words[2].hasPrefix("HTTP/1.") else { return }
        let chunked = head.lowercased().contains("transfer-encoding: chunked")
        let body = chunked ? nil : request.range(of: "\r\n\r\n").map { Data(request[$0.upperBound...].utf8) }
        await check(port: port, method: String(words[0]), target: String(words[1]), body: body, reply: reply)
    }

    /// Checks the data of one message of `GET /v1/events` from the gateway on `port` against its `Event` schema.
    public static func check(port: Int, event data: Data) async {
        guard let gateway = gateways.withLock({ $0[port] }), gateway.isRunning() else { return }
        let findings = { (checker: APIConformance) -> [String] in
            guard let value = APIConformance.json(data) else { return ["the event is not JSON: \(String(decoding: data.prefix(120), as: UTF8.self))"] }
            return checker.schemas.findings(value, against: OpenAPIReference.schema("Event")).map(\.description)
        }
        await report(findings, port: port, gateway: gateway, what: "An event of GET /v1/events")
    }

    static func check(port: Int, method: String, target: String, body: Data?, reply: HTTPReply) async {
        guard !target.hasPrefix("/v1/openapi.json"), let gateway = gateways.withLock({ $0[port] }), gateway.isRunning() else { return }
        let findings = { (checker: APIConformance) in
            checker.findings(
                method: method, target: target, requestBody: body, status: reply.status, contentType: reply.header("Content-Type"), body: reply.body)
        }
        await report(findings, port: port, gateway: gateway, what: "The reply")
    }

    /// Records `findings` as an issue unless they are gone once the document is fetched again.
    private static func report(_ findings: (APIConformance) -> [String], port: Int, gateway: Gateway, what: String) async {
        guard !findings(gateway.checker).isEmpty else { return }
        let checker = await gateway.refresh().map(APIConformance.init(document:)) ?? gateway.checker
        gateways.withLock { if $0[port] != nil { $0[port]?.checker = checker } }
        let remaining = findings(checker)
        guard !remaining.isEmpty else { return }
        Issue.record(Comment(rawValue: "\(what) breaks the gateway's OpenAPI document:\n" + remaining.joined(separator: "\n")))
    }
}

enum LoopbackHosts {
    static let names: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]
}
