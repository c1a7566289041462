import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

/// `Job` through the hand-written reader against `JSONCoding.decoder`: same acceptance, same values.
@Suite struct JobReadingTests {
    func both(_ data: Data) -> (foundation: Job?, reader: Job?) {
        (try? JSONCoding.decoder.decode(Job.self, from: data), try? JSONReader.read(Job.self, from: data))
    }

    func job(_ random: inout SeededRandom, _ index: Int) throws -> Job {
        let createdAt = Date(timeIntervalSince1970: 1_800_000_000 + Double(index))
        var job = Job(
            id: "job-\(index)", operation: random.pick(["resetPreferences", "noop", "export"]), input: .literal(random.value()),
            phase: random.pick(Job.Phase.allCases), result: random.chance(30) ? .literal(random.value()) : nil,
            error: random.chance(20) ? Job.Failure(code: "poisoned", message: random.text()) : nil,
            progress: random.chance(20) ? Job.Progress(done: Int64(index), total: 1_000) : nil, attempts: Int.random(in: 0...5, using: &random),
            createdAt: createdAt, updatedAt: createdAt.addingTimeInterval(1.5))
        job.redispatches = random.chance(20) ? 2 : 0
        job.answerWithin = random.chance(20) ? 90.5 : nil
        job.audience = random.chance(20) ? Audience(users: ["ann"], groups: ["ops"]) : nil
        if random.chance(20) {
            job.outcome = Job.Outcome(
                Resolution(presentation: "p", job: job.id, cause: .expired, action: random.chance(50) ? "cancel" : nil, by: nil, channel: nil, at: createdAt))
        }
        if random.chance(50), !job.phase.isFinal {
            var draft = Presentation.Draft.alert("Reset?", message: "Defaults.", actions: [Action(id: "reset", label: "Reset", role: .destructive)])
            draft.item = random.value(depth: 2)
            job.presentation = try Presentation(draft, id: "p-\(index)", job: job.id, sequence: 1, createdAt: createdAt)
        }
        return job
    }

    @Test func randomJobsReadTheSameAsFoundationReadsThem() throws {
        var random = SeededRandom(seed: 31)
        for index in 0..<1_500 {
            let data = try JSONCoding.encoder.encode(try job(&random, index))
            let (foundation, reader) = both(data)
            #expect(foundation != nil)
            #expect(foundation == reader, "\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test(arguments: [
        #"{"id":"j","operation":"noop","state":"waiting","createdAt":"2026-11-29T10:00:00Z","updatedAt":"2026-11-29T10:00:00Z"}"#,
        #"{"id":"j","operation":"noop","input":null,"state":"queued","createdAt":"2026-11-29T10:00:00Z","updatedAt":"2026-11-29T10:00:00Z"}"#,
        #"{"id":"j","operation":"noop","state":"paused","createdAt":"2026-11-29T10:00:00Z","updatedAt":"2026-11-29T10:00:00Z"}"#,
        #"{"id":"j","operation":"noop","state":"queued","createdAt":"2026-11-29T10:00:00Z"}"#,
        #"{"id":"j","operation":"noop","state":"queued","attempts":1.0,"progress":{"done":1,"total":2},"createdAt":"2026-11-29T10:00:00Z","updatedAt":"2026-11-29T10:00:00Z"}"#,
        #"{"id":"j","operation":"noop","state":"queued","attempts":1.5,"createdAt":"2026-11-29T10:00:00Z","updatedAt":"2026-11-29T10:00:00Z"}"#,
        #"{"id":"j","id":"k","operation":"noop","state":"failed","error":{"code":"x"},"createdAt":"2026-11-29T10:00:00Z","updatedAt":"2026-11-29T10:00:00Z"}"#,
        #"{"id":"j","operation":"noop","state":"failed","outcome":{"cause":"answered","presentation":"p"},"answerWithin":5,"createdAt":"2026-11-29T10:00:00Z","updatedAt":"2026-11-29T10:00:00Z"}"#,
        #"{"id":"j","operation":"noop","state":"queued","presentation":{"id":"p"},"createdAt":"2026-11-29T10:00:00Z","updatedAt":"2026-11-29T10:00:00Z"}"#,
        "", "null", "[]", "{}", #"{"id":1}"#,
    ])
    func edgeCasesReadTheSame(text: String) {
        let (foundation, reader) = both(Data(text.utf8))
        #expect(foundation == reader)
    }

    @Test func damagedJobsAreRefusedOrReadTheSameNeverATrap() throws {
        var random = SeededRandom(seed: 404)
        let alphabet = Array("{}[]\":,\\0123456789-.eEtrufalsn ".utf8) + [0x00, 0x80, 0xFF]
        for index in 0..<2_000 {
            var bytes = Array(try JSONCoding.encoder.encode(try job(&random, index)))
            random.damage(&bytes, from: alphabet)
            let (foundation, reader) = both(Data(bytes))
            #expect(foundation == reader, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }
}
