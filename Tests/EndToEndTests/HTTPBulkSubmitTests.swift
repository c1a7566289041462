import Foundation
import GatewayClient
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// `POST /v1/operations/batch` through a real gateway, broker and worker.
    @Suite("Bulk submit over HTTP")
    struct HTTPBulkSubmit {
        static let (ana, rita) = ("tok-ana-0123456789abcdef", "tok-rita-0123456789abcdef")

        /// Broker, worker and gateway sharing a 64 KiB message limit (inputs of at most 16 KiB), with a
        /// submitting token and a read-only one.
        static func sandbox(_ label: String) async throws -> Sandbox {
            let sandbox = try Sandbox(label)
            sandbox.common["INTERLUDE_MAX_MESSAGE_BYTES"] = "65536"
            try await sandbox.startAll(gateway: ["INTERLUDE_TOKENS": "ana:\(ana):submit+read,rita:\(rita):read"])
            return sandbox
        }

        /// The code and message of an error body, whatever the code (the HTTP layer's own are not the broker's).
        struct Refusal: Decodable {
            struct Body: Decodable {
                let code: String
                let message: String
            }
            let error: Body
        }

        static func refusal(_ reply: HTTPReply) -> Refusal.Body? { (try? JSONCoding.decoder.decode(Refusal.self, from: reply.body))?.error }

        static func items(_ reply: HTTPReply) throws -> [BrokerReply.Submitted.Item] {
            try reply.decode(BrokerReply.Submitted.self).items
        }

        @Test("Good and bad items: each bad one refuses only itself, the reply keeps the items' order, and the good ones run")
        func mixedItems() async throws {
            let sandbox = try await Self.sandbox("http-bulk-mixed")
            defer { sandbox.shutdown() }
            let api = sandbox.api(token: Self.ana)
            let reply = try await api.post(
                "/v1/operations/batch", #"{"operation": "noop", "items": [{"input": {}}, {"input": "x"}, {"input": {"padding": "p"}}]}"#)
            #expect(reply.status == 200, "\(reply)")
            let items = try Self.items(reply)
            #expect(items.map { $0.job != nil } == [true, false, true])
            #expect(items[1].error?.code == .invalidInput && items[1].error?.violations?.isEmpty == false, "\(reply)")
            for job in items.compactMap(\.job) { try await sandbox.waitOverHTTP(job, "succeeded", client: api) { $0.state == .succeeded } }

            let forbidden = try await sandbox.api(token: Self.rita).post("/v1/operations/batch", #"{"operation": "noop", "items": [{"input": {}}]}"#)
            #expect(forbidden.status == 403, "a read-only token may not submit, in bulk either: \(forbidden)")
            let unknown = try await api.post("/v1/operations/batch", #"{"operation": "nope", "items": [{"input": {}}]}"#)
            #expect(try Self.items(unknown).first?.error?.code == .unknownOperation, "\(unknown)")
            let shapeless = try await api.post("/v1/operations/batch", #"{"operation": "noop", "items": [{"idempotencyKey": "k"}]}"#)
            #expect(shapeless.status == 422 && Self.refusal(shapeless)?.code == "invalidRequest", "\(shapeless)")
            #expect(try await api.post("/v1/operations/batch", "{").status == 400)
        }

        @Test("An atomic batch with a bad item is refused whole, naming the first bad item, and queues nothing")
        func atomic() async throws {
            let sandbox = try await Self.sandbox("http-bulk-atomic")
            defer { sandbox.shutdown() }
            let api = sandbox.api(token: Self.ana)
            let before = try await api.get("/v1/jobs").decode(BrokerReply.JobPage.self).jobs.count
            let reply = try await api.post(
                "/v1/operations/batch", #"{"operation": "noop", "atomic": true, "items": [{"input": {}}, {"input": 1}, {"input": "x"}]}"#)
            #expect(reply.status == 422, "\(reply)")
            #expect(reply.error?.code == .invalidInput)
            #expect(reply.error?.message.hasPrefix("the atomic batch of 3 items was refused, nothing was queued: item 1: ") == true, "\(reply)")
            #expect(try await api.get("/v1/jobs").decode(BrokerReply.JobPage.self).jobs.count == before)
            let good = try await api.post("/v1/operations/batch", #"{"operation": "noop", "atomic": true, "items": [{"input": {}}, {"input": {}}]}"#)
            #expect(try Self.items(good).allSatisfy { $0.job != nil }, "\(good)")
        }

        @Test("Each item's idempotency key returns the job it made, also through the Swift gateway client")
        func idempotencyPerItem() async throws {
            let sandbox = try await Self.sandbox("http-bulk-keys")
            defer { sandbox.shutdown() }
            let api = sandbox.api(token: Self.ana)
            let body = #"{"operation": "noop", "items": [{"input": {}, "idempotencyKey": "a"}, {"input": {}, "idempotencyKey": "b"}, {"input": {}}]}"#
            let first = try Self.items(try await api.post("/v1/operations/batch", body))
            let second = try Self.items(try await api.post("/v1/operations/batch", body))
            #expect(first.allSatisfy { $0.job != nil })
            #expect(second[0].job == first[0].job && second[1].job == first[1].job, "the same keys, the same jobs")
            #expect(second[2].job != first[2].job, "an item without a key is a new job each time")

            let client = GatewayClient(base: try #require(URL(string: sandbox.gatewayURL)), token: Self.ana)
            let batch = ClientRequest.SubmitMany(operation: "noop", items: [.init(input: .emptyObject, idempotencyKey: "a"), .init(input: .string("x"))])
            let reply = try await client.submit(many: batch)
            #expect(reply.items[0].job == first[0].job)
            #expect(reply.items[1].error?.code == .invalidInput)
            #expect(
                try await client.submit(many: .init(operation: "noop", items: [.init(input: .emptyObject, idempotencyKey: "a")], atomic: true)).items[0].job
                    == first[0].job)
        }

        @Test("The size policy: an item over the input share is refused alone, a body over a message is 413, and a batch may be larger than one submit")
        func sizes() async throws {
            let sandbox = try await Self.sandbox("http-bulk-sizes")
            defer { sandbox.shutdown() }
            let api = sandbox.api(token: Self.ana)
            let large = paddedInput(20_000)
            let reply = try await api.post("/v1/operations/batch", #"{"operation": "noop", "items": [{"input": {}}, {"input": \#(large)}]}"#)
            #expect(reply.status == 200, "\(reply)")
            let items = try Self.items(reply)
            #expect(items[0].job != nil)
            #expect(items[1].error?.code == .tooLarge && items[1].error?.message.contains("at most 16384") == true, "\(reply)")

            let fits = paddedInput(15_000)
            let three = try await api.post(
                "/v1/operations/batch", #"{"operation": "noop", "items": [{"input": \#(fits)}, {"input": \#(fits)}, {"input": \#(fits)}]}"#)
            #expect(try Self.items(three).allSatisfy { $0.job != nil }, "45 KB in one batch, over a single submit's 32 KiB body: \(three.status)")

            let items70k = Array(repeating: #"{"input": \#(fits)}"#, count: 5).joined(separator: ",")
            let whole = try await api.post("/v1/operations/batch", #"{"operation": "noop", "items": [\#(items70k)]}"#)
            #expect(whole.status == 413 && Self.refusal(whole)?.code == "payloadTooLarge", "\(whole)")
            #expect(Self.refusal(whole)?.message == "The request body exceeds 65536 bytes.")
        }
    }
}
