import Foundation
import HTTPServer
import Synchronization
import Testing

@testable import HTTPClient

/// The libcurl client against a real `HTTPServer` on 127.0.0.1.
@Suite struct HTTPClientTests {
    /// A server on a free loopback port that answers with `script` and keeps every request.
    final class Endpoint: Sendable {
        /// The requests received, shared with the server's handler.
        private final class Log: Sendable {
            let requests = Mutex<[HTTPRequest]>([])
        }

        private let log = Log()
        let server: HTTPServer

        init(_ script: @escaping @Sendable (HTTPRequest) async -> HTTPResponse = { _ in HTTPResponse(status: 204) }) throws {
            let log = log
            server = try HTTPServer { request in
                log.requests.withLock { $0.append(request) }
                return await script(request)
            }
        }

        var url: URL { URL(string: "http://127.0.0.1:\(server.port)/hooks")! }
        var received: [HTTPRequest] { log.requests.withLock { $0 } }
    }

    /// A task that posts an empty body to `url` and returns how the request failed (nil if it did not).
    static func failure(of client: HTTPClient, posting url: URL) -> Task<HTTPClientError?, Never> {
        Task {
            do {
                _ = try await client.post(url: url, headers: [:], body: Data())
                return nil
            } catch {
                return error as? HTTPClientError
            }
        }
    }

    @Test func aPostArrivesWithItsHeadersAndBodyAndTheAnswerCarriesStatusAndHeaders() async throws {
        let endpoint = try Endpoint { _ in HTTPResponse(status: 503, headers: ["Retry-After": "7"]) }
        let client = HTTPClient(timeout: .seconds(30))
        defer { client.close() }
        // Large enough that libcurl would otherwise ask for `100-continue` and wait for it.
        let body = Data((0..<200_000).map { UInt8($0 % 251) })
        let response = try await client.post(url: endpoint.url, headers: ["content-type": "application/json", "webhook-id": "msg_1"], body: body)
        await endpoint.server.stopped()

        #expect(response.status == 503)
        #expect(response.headers["retry-after"] == "7")
        let request = try #require(endpoint.received.first)
        #expect(request.method == .post)
        #expect(request.path == "/hooks")
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["webhook-id"] == "msg_1")
        #expect(request.headers["expect"] == nil)
        #expect(request.headers["cookie"] == nil)
        #expect(request.body == body)
    }

    @Test func aRedirectIsTheAnswerAndIsNeverFollowed() async throws {
        let elsewhere = try Endpoint()
        let target = elsewhere.url.absoluteString
        let endpoint = try Endpoint { _ in HTTPResponse(status: 307, headers: ["Location": target, "Set-Cookie": "a=b"]) }
        let client = HTTPClient(timeout: .seconds(30))
        defer { client.close() }
        let first = try await client.post(url: endpoint.url, headers: [:], body: Data("{}".utf8))
        let second = try await client.post(url: endpoint.url, headers: [:], body: Data("{}".utf8))
        await endpoint.server.stopped()
        await elsewhere.server.stopped()

        #expect(first.status == 307 && second.status == 307)
        #expect(first.headers["location"] == target)
        #expect(endpoint.received.count == 2)
        #expect(endpoint.received.allSatisfy { $0.headers["cookie"] == nil }, "no cookie is kept")
        #expect(elsewhere.received.isEmpty)
    }

    @Test func anAnswerSlowerThanTheTimeoutFailsAsTimedOut() async throws {
        // The answer would come after 30 s (a 204); `.timedOut` shows the client gave up first.
        let endpoint = try Endpoint { _ in
            try? await Task.sleep(for: .seconds(30))
            return HTTPResponse(status: 204)
        }
        let client = HTTPClient(timeout: .milliseconds(300))
        defer { client.close() }
        let start = ContinuousClock.now
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.post(url: endpoint.url, headers: [:], body: Data())
        }
        let elapsed = ContinuousClock.now - start
        endpoint.server.stop()

        #expect(error?.code == .timedOut)
        #expect(error?.description == "timed out")
        #expect(elapsed >= .milliseconds(280), "not before the timeout: \(elapsed)")
    }

    @Test func nothingListeningIsAConnectionRefused() async throws {
        let endpoint = try Endpoint()
        let url = endpoint.url
        await endpoint.server.stopped()
        let client = HTTPClient(timeout: .seconds(5))
        defer { client.close() }
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.post(url: url, headers: [:], body: Data())
        }
        #expect(error?.code == .connectionRefused)
        #expect(error?.description == "connection refused")
    }

    @Test func onlyHTTPAndHTTPSAreAllowed() async throws {
        let client = HTTPClient(timeout: .seconds(5))
        defer { client.close() }
        for url in ["ftp://127.0.0.1:1/file", "file:///etc/passwd", "gopher://127.0.0.1:1/"] {
            let error = await #expect(throws: HTTPClientError.self) {
                try await client.post(url: URL(string: url)!, headers: [:], body: Data())
            }
            #expect(error?.code == .unsupportedURL, "\(url)")
        }
    }

    @Test func cancellingTheCallerEndsItsRequest() async throws {
        // The answer would come after 30 s (a 204), the timeout after 60 s; `.cancelled` shows the cancellation ended it.
        let endpoint = try Endpoint { _ in
            try? await Task.sleep(for: .seconds(30))
            return HTTPResponse(status: 204)
        }
        let client = HTTPClient(timeout: .seconds(60))
        defer { client.close() }
        let url = endpoint.url
        let task = Self.failure(of: client, posting: url)
        try await waitFor { !endpoint.received.isEmpty }
        task.cancel()
        let error = await task.value
        endpoint.server.stop()

        #expect(error?.code == .cancelled)
    }

    @Test func closingCancelsWhatIsInFlightAndEveryLaterRequest() async throws {
        let endpoint = try Endpoint { _ in
            try? await Task.sleep(for: .seconds(20))
            return HTTPResponse(status: 204)
        }
        let client = HTTPClient(timeout: .seconds(60))
        let url = endpoint.url
        let task = Self.failure(of: client, posting: url)
        try await waitFor { !endpoint.received.isEmpty }
        client.close()
        let inFlight = await task.value
        let later = await #expect(throws: HTTPClientError.self) {
            try await client.post(url: url, headers: [:], body: Data())
        }
        endpoint.server.stop()

        #expect(inFlight?.code == .cancelled)
        #expect(later?.code == .cancelled)
        #expect(endpoint.received.count == 1)
    }

    @Test func manyRequestsAtOnceAreEachAnsweredOnce() async throws {
        let endpoint = try Endpoint { request in HTTPResponse(status: 200, headers: ["x-echo": String(decoding: request.body, as: UTF8.self)]) }
        let client = HTTPClient(timeout: .seconds(30))
        defer { client.close() }
        let url = endpoint.url
        let echoes = await withTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<200 {
                group.addTask {
                    let response = try? await client.post(url: url, headers: [:], body: Data("\(index)".utf8))
                    return (index, response?.headers["x-echo"])
                }
            }
            return await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        await endpoint.server.stopped()

        #expect(echoes.count == 200)
        #expect(echoes.allSatisfy { $0.value == "\($0.key)" }, "each caller got its own answer")
        #expect(endpoint.received.count == 200)
    }
}

/// A wait that ran out.
struct WaitTimedOut: Error {}

/// Waits until `condition` holds, at most 60 s (it ends as soon as it holds; a test process starved at the start of a full run needs the room).
func waitFor(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut() }
        try await Task.sleep(for: .milliseconds(10))
    }
}
