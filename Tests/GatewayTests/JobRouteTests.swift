import Client
import Foundation
import Gateway
import JSON
import Presentation
import Synchronization
import TestSupport
import Testing
import Wire

/// `GET /v1/jobs/{id}` against a stand-in broker: the job and the first page of its timeline come in one
/// request, and the body is the one the two requests it used to take gave.
@Suite struct JobRouteTests {
    static let failure = Job.Failure(code: "ioError", message: "cannot open /srv/interlude/library/downloads/t-101")

    static let job: Job = {
        var job = Job(id: "job_route", operation: "noop", input: .object([:]), createdAt: Date(timeIntervalSince1970: 1_764_500_000))
        job.phase = .failed
        job.error = failure
        return job
    }()

    static let page: BrokerReply.HistoryPage = {
        var refused = HistoryEntry(.refused, at: Date(timeIntervalSince1970: 1_764_500_001))
        refused.error = failure
        return BrokerReply.HistoryPage(job: job.id, entries: [HistoryEntry(.queued, at: job.createdAt), refused], next: "2", refusalsOmitted: 3)
    }()

    /// A broker that answers `status` (with its history when asked), and `history`; `combined` false is a
    /// broker from before `status` carried history. Returns the HTTP reply and the requests the broker got.
    func get(combined: Bool) async throws -> (HTTPReply, [ClientRequest]) {
        let requests = Mutex<[ClientRequest]>([])
        let broker = try FakeBroker { request in
            requests.withLock { $0.append(request) }
            let reply: BrokerReply =
                switch request {
                case .status(let query) where combined && query.history == true: .jobWithHistory(.init(job: Self.job, history: Self.page))
                case .status: .job(Self.job)
                case .history: .history(Self.page)
                default: .error(WireError(.unknownMessage, "not this test's"))
                }
            return (reply.type, try! reply.body())
        }
        defer { broker.close() }
        let gateway = try OfflineGateway.start { $0.broker.clients = broker.endpoint }
        defer { gateway.stop() }
        let reply = try await fetch("GET", port: gateway.port, "/v1/jobs/\(Self.job.id)")
        return (reply, requests.withLock { $0 })
    }

    @Test("GET /v1/jobs/{id} asks the broker once, for the job with its history")
    func theJobAndItsHistoryTakeOneRequest() async throws {
        let (reply, requests) = try await get(combined: true)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(requests == [.status(.init(job: Self.job.id, history: true))])
    }

    @Test("The body is the one the job and history requests gave: redacted errors, next and refusalsOmitted included")
    func theBodyIsTheOneTwoRequestsGave() async throws {
        let (combined, _) = try await get(combined: true)
        let (separate, requests) = try await get(combined: false)
        #expect(requests.count == 2, "a broker that answers job is asked for the history after it")
        #expect(separate.status == 200, "\(separate.text)")
        #expect(combined.body == separate.body)
        #expect(!combined.text.contains("/srv/interlude"), "\(combined.text)")
        #expect(combined.text.contains("…/t-101"))
        #expect(combined.text.contains(#""refusalsOmitted":3"#))
        #expect(combined.text.contains(#""historyNext":"2""#))
    }

    @Test("A job's result comes out of GET /v1/jobs/{id} as its worker wrote it: spaces, key order and number spellings")
    func theResultIsTheWorkersBytes() async throws {
        let output = #"{ "z" : [1.0e2, -0.0], "a":"caf\u00e9" }"#
        var job = Self.job
        job.phase = .succeeded
        job.error = nil
        job.result = try RawJSON(validating: Data(output.utf8))
        let ended = job
        let broker = try FakeBroker { _ in
            let reply = BrokerReply.jobWithHistory(.init(job: ended, history: .init(job: ended.id, entries: [], next: nil)))
            return (reply.type, try! reply.body())
        }
        defer { broker.close() }
        let gateway = try OfflineGateway.start { $0.broker.clients = broker.endpoint }
        defer { gateway.stop() }
        let reply = try await fetch("GET", port: gateway.port, "/v1/jobs/\(job.id)")
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.text.contains(#""result":"# + output), "\(reply.text)")
    }
}
