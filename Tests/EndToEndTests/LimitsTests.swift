import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// One size policy from `maxMessageBytes`: inputs refused at the edge, every list paged by count and
    /// bytes, and nothing a process sends over the frame limit (issue: a reply over ~1 MiB cut the
    /// gateway off; a near-1 MiB input made a job that never ended).
    @Suite("Sizes and pages") struct SizesAndPages {
        @Test("An input that could not travel to a worker is refused at submit (exit 1, HTTP 413) and nothing is journaled")
        func anOversizedInputIsRefusedAtTheEdge() async throws {
            let sandbox = try Sandbox("sizes-input")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.announceShippedOperations()
            try await sandbox.startGateway()
            for bytes in [600 << 10, (1 << 20) - 200] {
                let refused = try await sandbox.cli("submit", "noop", "--input", try sandbox.inputFile("big.json", paddedInput(bytes)))
                #expect(refused.status == 1, "\(bytes) bytes: \(refused)")
                #expect(refused.stderr.contains("at most 262144 are allowed"), "\(refused)")
                // The gateway answers 413 from Content-Length and closes without reading the body; asking
                // for 100-continue makes the client wait for that answer instead of writing into the close.
                let http = try await sandbox.api().post(
                    "/v1/operations", #"{"operation":"noop","input":\#(paddedInput(bytes))}"#, headers: ["Expect": "100-continue"])
                #expect(http.status == 413, "\(bytes) bytes over HTTP: \(http)")
            }
            // Under the HTTP body limit but over the input's share: the broker refuses it, still 413.
            let http = try await sandbox.api().post("/v1/operations", #"{"operation":"noop","input":\#(paddedInput(260 << 10))}"#)
            #expect(http.status == 413, "\(http)")
            #expect(http.errorCode == "tooLarge")
            #expect(try await sandbox.jobs().isEmpty, "nothing was journaled")
            let fits = try await sandbox.cli("submit", "noop", "--input", try sandbox.inputFile("fits.json", paddedInput(250 << 10)))
            #expect(fits.status == 0, "an input within the limit is taken: \(fits)")
        }

        @Test("A page of jobs too large for one message is cut short, says so, and its cursor reaches every job", arguments: Transport.allCases)
        func jobPagesAreCutByBytes(over transport: Transport) async throws {
            let sandbox = try Sandbox("sizes-jobs", transport: transport)
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startTransport()
            try await sandbox.announceShippedOperations()
            let input = try sandbox.inputFile("input.json", paddedInput(200 << 10))
            for _ in 0..<6 { _ = try await sandbox.submit("noop", input) }

            var seen: [String] = []
            var after: String?
            var pages = 0
            repeat {
                var arguments = ["jobs", "--limit", "6", "--json"]
                if let after { arguments += ["--after", after] }
                let result = try await sandbox.cli(arguments)
                #expect(result.status == 0, "\(result)")
                let page = try JSONCoding.decoder.decode(BrokerReply.JobPage.self, from: Data(result.stdout.utf8))
                #expect(page.next == nil || page.cutShort, "a page ends early only when bytes ran out")
                seen += page.jobs.map(\.id)
                after = page.next
                pages += 1
            } while after != nil && pages < 10
            #expect(pages > 1, "six 200 KiB inputs do not fit in one 1 MiB reply")
            #expect(seen.count == 6)
            #expect(Set(seen).count == 6)
            let text = try await sandbox.cli("jobs", "--limit", "6")
            #expect(text.stdout.contains("cut short"), "\(text)")
        }

        @Test("Hundreds of questions too large for one reply are listed by `pending` and answered by `resolve --once`")
        func pendingFollowsTheCursor() async throws {
            let sandbox = try Sandbox("sizes-pending")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            // About 5 KB a question: 400 of them are nearly 2 MB, twice what one message may carry.
            try await sandbox.waitingDownloads(400, titleLength: 1_500)

            let listed = try await sandbox.pending()
            #expect(listed.count == 400)
            #expect(Set(listed.map(\.id)).count == 400)
            let page = try await sandbox.cli("pending", "--limit", "1000")
            #expect(page.status == 0, "\(page)")
            #expect(page.stdout.contains("more: interlude pending --limit 1000 --after "), "one page cannot hold them all")

            let policy = try sandbox.inputFile("policy.json", #"{"rules": [{"match": {"operation": "removeDownload"}, "answer": {"role": "cancel"}}]}"#)
            let resolved = try await sandbox.cli(["resolve", "--once", "--policy", String(policy.dropFirst()), "--as", "nightly"], timeout: .seconds(60))
            #expect(resolved.status == 0, "\(resolved.stderr.suffix(2_000))")
            #expect(resolved.stdout.components(separatedBy: "answered by nightly").count - 1 == 400)
            #expect(try await sandbox.pending().isEmpty)
        }

        @Test(
            "Outgoing webhooks catch up through events that take several messages, from a cursor that starts behind",
            .enabled(if: WebhookReceiver.available, "needs /usr/bin/python3 for the test receiver"))
        func webhooksFollowPagesCutByBytes() async throws {
            let sandbox = try Sandbox("sizes-webhooks")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            // 150 questions of about 6 KB: their 300 events take about 2.5 MB, more than one message may carry.
            try await sandbox.waitingDownloads(150, titleLength: 1_900)
            let receiver = try await WebhookReceiver(sandbox, name: "catch-up")
            defer { receiver.stop() }
            try await sandbox.startGateway(environment: [
                "INTERLUDE_WEBHOOK_URL": receiver.url, "INTERLUDE_WEBHOOK_SECRET": EndToEnd.OutgoingWebhooks.secret,
                "INTERLUDE_WEBHOOK_EVENTS": "presentation.pending",
            ])
            // Counting lines is cheap; the receiver's log is read whole only once they are all there.
            _ = try await sandbox.eventually("150 deliveries", timeout: .seconds(60), poll: .milliseconds(250)) {
                let lines = FileManager.default.contents(atPath: receiver.log.path)?.withUnsafeBytes { $0.count { $0 == 0x0A } } ?? 0
                return lines >= 150 ? true : nil
            }
            let requests = try receiver.requests()
            let delivered = Set(requests.filter { $0.type == "presentation.pending" && $0.delivered }.compactMap(\.jobID))
            #expect(delivered.count == 150, "\(requests.count) requests")
        }

        @Test("A dispatch the worker cannot take is refused by the worker and fails its job with tooLarge")
        func aWorkerRefusesWhatItCannotTake() async throws {
            let sandbox = try Sandbox("sizes-refuse")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            // The worker reads at most 128 KiB (libzmq lets 192 KiB through): a 150 KiB dispatch arrives but is over its limit.
            try await sandbox.startWorker("small", environment: ["INTERLUDE_MAX_MESSAGE_BYTES": "131072"])
            let job = try await sandbox.submit("noop", try sandbox.inputFile("input.json", paddedInput(150 << 10)))
            let ended = try await sandbox.waitForEnd(of: job)
            #expect(ended.state == .failed)
            #expect(ended.error?.code == "tooLarge")
            #expect(ended.error?.message.contains("worker small refused attempt 1") == true, "\(String(describing: ended.error))")
            #expect(ended.attempts == 1, "handed out once, not again and again")
        }

        @Test("A job whose dispatch keeps costing its worker the connection fails as poisoned with the cause")
        func aJobThatKeepsLosingItsWorkerIsPoisoned() async throws {
            let sandbox = try Sandbox("sizes-poison")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker(environment: ["INTERLUDE_MAX_REDISPATCHES": "2"])
            // libzmq drops a 200 KiB message for a worker that reads at most 128 KiB, and the connection with it.
            try await sandbox.startWorker("tiny", environment: ["INTERLUDE_MAX_MESSAGE_BYTES": "65536"])
            let job = try await sandbox.submit("noop", try sandbox.inputFile("input.json", paddedInput(200 << 10)))
            let ended = try await sandbox.waitForEnd(of: job, timeout: .seconds(60))
            #expect(ended.state == .failed)
            #expect(ended.error?.code == "poisoned", "\(String(describing: ended.error))")
            #expect(ended.error?.message.contains("worker tiny") == true)
            #expect(ended.redispatches == 3)
        }
    }
}
