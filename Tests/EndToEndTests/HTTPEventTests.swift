import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// `GET /v1/events` against a real broker.
    @Suite("Server-Sent Events") struct ServerSentEvents {
        @Test("Reconnecting with Last-Event-ID delivers every missed event once, in order, then live ones")
        func resumeWithoutLossOrRepeats() async throws {
            let sandbox = try Sandbox("sse")
            defer { sandbox.shutdown() }
            try await sandbox.startAll()
            let api = sandbox.api()
            let port = try sandbox.gatewayPort

            let first = try SSEConnection(port: port, target: "/v1/events")
            try await first.opened()
            let job = try await api.post("/v1/operations", #"{"operation": "removeDownload", "input": \#(blueInGreen)}"#).decode(Job.self)
            let seen = try await first.messages(2)
            first.close()
            #expect(first.status == 200)
            #expect(seen.map(\.event) == ["job.queued", "presentation.pending"], "\(seen)")
            let lastSeen = try #require(seen.last?.id)

            // While nobody listens: the answer, the job's end, and a second job with its question.
            let question = try await sandbox.questionOverHTTP(job.id)
            _ = try await api.post("/v1/presentations/\(question.id)/answer", #"{"action": "remove"}"#)
            try await sandbox.waitOverHTTP(job.id, "finished") { $0.isFinished }
            let second = try await api.post("/v1/operations", #"{"operation": "removeDownload", "input": \#(soWhat)}"#).decode(Job.self)
            _ = try await sandbox.questionOverHTTP(second.id)

            let journal = try await sandbox.journalEvents()
            let missed = journal.filter { $0.sequence > Int64(lastSeen)! }
            #expect(missed.count >= 4, "\(missed.map(\.type))")
            let resumed = try SSEConnection(port: port, target: "/v1/events", headers: ["Last-Event-ID": lastSeen])
            defer { resumed.close() }
            let replay = try await resumed.messages(missed.count)
            #expect(replay.map(\.id) == missed.map { String($0.sequence) }, "every missed event, once, in order")
            #expect(replay.map(\.event) == missed.map(\.type.rawValue))
            let decoded = try JSONCoding.decoder.decode(Event.self, from: Data(replay[0].data.utf8))
            #expect(decoded == missed[0], "data is the event's JSON")

            // Then live: cancelling the waiting job publishes more, numbered right after.
            _ = try await api.post("/v1/jobs/\(second.id)/cancel", "")
            let live = try await resumed.messages(missed.count + 2)
            let ids = live.compactMap { $0.id.flatMap { Int64($0) } }
            #expect(ids == Array((Int64(lastSeen)! + 1)...(Int64(lastSeen)! + Int64(live.count))), "no gap and no repeat: \(ids)")
            #expect(!live.contains { $0.event == "heartbeat" }, "broker heartbeats are not forwarded")

            // The query form of the resume position, for clients that cannot set headers.
            let query = try SSEConnection(port: port, target: "/v1/events?lastEventId=\(lastSeen)")
            defer { query.close() }
            #expect(try await query.messages(missed.count).map(\.id) == missed.map { String($0.sequence) })
        }
    }
}
