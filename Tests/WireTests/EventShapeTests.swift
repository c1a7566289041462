import Foundation
import JSON
import Presentation
import Testing
import Wire

/// An event carries what changed: its job summed up (never the input), the question once.
@Suite struct EventShapeTests {
    /// A `presentation.pending` event as events were journaled before they carried a summary: the whole job
    /// inside, its input and its question too (docs/protocol.md's example of that time).
    static let journaledWhole = #"""
        {"at":"2026-11-18T11:06:40.000Z","job":{"attempts":1,"createdAt":"2026-11-18T11:06:39.000Z","error":null,"id":"job_8a0d3c5e9f1b2a47","input":{"title":"Blue in Green","trackID":"t-101"},"operation":"removeDownload","presentation":{"actions":[{"id":"remove","label":"Remove","localization":{"arguments":[],"key":"action.remove"},"role":"destructive"},{"id":"cancel","label":"Cancel","localization":{"arguments":[],"key":"action.cancel"},"role":"cancel"}],"createdAt":"2026-11-18T11:06:40.000Z","error":null,"expiresAt":null,"id":"prs_5f1c2a9d0b7e4c31","item":{"title":"Blue in Green","trackID":"t-101"},"job":"job_8a0d3c5e9f1b2a47","kind":"confirmationDialog","localization":{"arguments":["Blue in Green"],"key":"removeDownload.confirm"},"message":"Blue in Green will no longer be available offline.","sequence":1,"title":"Remove download","titleVisibility":"visible"},"result":null,"state":"waiting","updatedAt":"2026-11-18T11:06:40.000Z"},"presentation":{"actions":[{"id":"remove","label":"Remove","localization":{"arguments":[],"key":"action.remove"},"role":"destructive"},{"id":"cancel","label":"Cancel","localization":{"arguments":[],"key":"action.cancel"},"role":"cancel"}],"createdAt":"2026-11-18T11:06:40.000Z","error":null,"expiresAt":null,"id":"prs_5f1c2a9d0b7e4c31","item":{"title":"Blue in Green","trackID":"t-101"},"job":"job_8a0d3c5e9f1b2a47","kind":"confirmationDialog","localization":{"arguments":["Blue in Green"],"key":"removeDownload.confirm"},"message":"Blue in Green will no longer be available offline.","sequence":1,"title":"Remove download","titleVisibility":"visible"},"sequence":42,"type":"presentation.pending"}
        """#

    static func object(_ data: Data) throws -> [String: JSONValue] {
        guard case .object(let object) = try JSONCoding.decoder.decode(JSONValue.self, from: data) else { throw WireError(.invalidBody, "not an object") }
        return object
    }

    static func count(_ text: String, in data: Data) -> Int {
        String(decoding: data, as: UTF8.self).components(separatedBy: text).count - 1
    }

    @Test func aPendingEventCarriesTheJobSummedUpWithoutItsInputAndTheQuestionOnce() throws {
        let json = try Frames.json(Examples.event)
        guard case .object(let job)? = try Self.object(json)["job"] else {
            Issue.record("the event has no job object")
            return
        }
        #expect(Set(job.keys) == ["attempts", "id", "operation", "state", "updatedAt"])
        #expect(job["state"] == .string("waiting") && job["operation"] == .string("removeDownload"))
        #expect(Self.count("\"input\"", in: json) == 0, "the input is not in the event")
        #expect(Self.count("\"title\":\"Remove download\"", in: json) == 1, "the question is in the event once")
    }

    @Test func anEndedJobsEventCarriesItsResultErrorAndOutcome() throws {
        var job = Examples.job
        (job.phase, job.presentation, job.result, job.outcome) = (.succeeded, nil, .object(["removed": .bool(true)]), Job.Outcome(Examples.resolution))
        let succeeded = Event(sequence: 44, type: .jobSucceeded, at: Examples.at, job: job)
        #expect(
            succeeded.job
                == JobSummary(
                    id: job.id, operation: "removeDownload", state: .succeeded, attempts: 1, updatedAt: job.updatedAt,
                    result: .object(["removed": .bool(true)]), outcome: Job.Outcome(Examples.resolution)))
        #expect(Self.count("\"input\"", in: try Frames.json(succeeded)) == 0)

        var failed = Examples.job
        (failed.phase, failed.error) = (.failed, Job.Failure(code: "downloadNotFound", message: "no such download"))
        #expect(Event(sequence: 45, type: .jobFailed, at: Examples.at, job: failed).job?.error?.code == "downloadNotFound")
    }

    @Test func aJobThatHasNotEndedCarriesNoResultOrErrorInItsEvents() {
        var running = Examples.job
        (running.result, running.error) = (.object(["partial": .bool(true)]), Job.Failure(code: "lost", message: "its worker left"))
        let summary = JobSummary(running)
        #expect(summary.result == nil && summary.error == nil && summary.outcome == nil)
    }

    @Test func anEventJournaledWithTheWholeJobReadsAsItsSummaryBothWays() throws {
        let data = Data(Self.journaledWhole.utf8)
        let read = try JSONReader.read(Event.self, from: data)
        let decoded = try JSONCoding.decoder.decode(Event.self, from: data)
        #expect(read == decoded)
        #expect(read == Examples.event, "the same event as the broker publishes now")
        #expect(try Event.decode([Data("presentation.pending".utf8), data]) == Examples.event)
        #expect(try Frames.json(read) == Frames.json(Examples.event), "written again, it has today's shape")
    }

    @Test func aSummaryReadsTheSameWithTheReaderAndTheDecoder() throws {
        for text in [
            #"{"id":"j","operation":"noop","state":"queued","attempts":0,"updatedAt":"2026-11-18T11:06:40.000Z"}"#,
            #"{"id":"j","operation":"noop","state":"succeeded","attempts":1,"updatedAt":"2026-11-18T11:06:40.000Z","result":null,"error":null}"#,
            #"{"id":"j","operation":"noop","state":"paused","attempts":1,"updatedAt":"2026-11-18T11:06:40.000Z"}"#,
            #"{"id":"j","operation":"noop","state":"queued","updatedAt":"2026-11-18T11:06:40.000Z"}"#,
            #"{"id":"j","state":"queued","attempts":0,"updatedAt":"2026-11-18T11:06:40.000Z","input":{}}"#,
        ] {
            let data = Data(text.utf8)
            #expect((try? JSONCoding.decoder.decode(JobSummary.self, from: data)) == (try? JSONReader.read(JobSummary.self, from: data)), "\(text)")
        }
    }
}
