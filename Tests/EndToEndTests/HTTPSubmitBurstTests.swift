import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// Many `POST /v1/operations` at once through one `interlude gateway`, all sharing its one broker
    /// connection: each gets a job of its own, and a broker killed and restarted mid-way is found again.
    @Suite("Submits at once over HTTP")
    struct SubmitBurst {
        /// A session that opens up to 32 connections to the gateway, so the requests really are in flight together.
        static let session: URLSession = {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 32
            return URLSession(configuration: configuration)
        }()

        /// Sends `count` noop submits at once; the status of each (0 when no answer came within 10 s) and its job id.
        static func burst(_ sandbox: Sandbox, _ count: Int) async throws -> [(status: Int, job: String?)] {
            let url = try #require(URL(string: "\(sandbox.gatewayURL)/v1/operations"))
            return await withTaskGroup(of: (Int, String?).self) { group in
                for _ in 0..<count {
                    group.addTask {
                        var request = URLRequest(url: url, timeoutInterval: 10)
                        request.httpMethod = "POST"
                        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                        request.httpBody = Data(#"{"operation": "noop"}"#.utf8)
                        return await withCheckedContinuation { continuation in
                            session.dataTask(with: request) { data, response, _ in
                                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                                let job = status == 202 ? data.flatMap { try? JSONCoding.decoder.decode(Job.self, from: $0) }?.id : nil
                                continuation.resume(returning: (status, job))
                            }.resume()
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }

        @Test("64 submits at once each get a job of their own, and every one of them runs")
        func manyAtOnceEachGetTheirOwnJob() async throws {
            let sandbox = try Sandbox("submit-burst")
            defer { sandbox.shutdown() }
            try await sandbox.startAll()
            let replies = try await Self.burst(sandbox, 64)
            #expect(replies.map(\.status) == Array(repeating: 202, count: 64))
            let jobs = replies.compactMap(\.job)
            #expect(Set(jobs).count == 64, "64 distinct job ids: \(jobs)")
            for job in jobs { try await sandbox.waitOverHTTP(job, "succeeded") { $0.state == .succeeded } }
        }

        @Test("A broker killed during a burst is found again: no submit gets a wrong or doubled job, and the next burst is all accepted")
        func aBrokerKilledDuringABurstIsRecovered() async throws {
            let sandbox = try Sandbox("submit-burst-restart")
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            try await sandbox.startGateway()
            let first = try await Self.burst(sandbox, 32)
            #expect(first.allSatisfy { $0.status == 202 }, "\(first.map(\.status))")

            // Killed while a burst is on its way: each of its submits waits (the gateway keeps the request and
            // sends it again) or gets an error, never a job of another's or one made twice.
            async let during = Self.burst(sandbox, 32)
            #expect(broker.kill()?.signalled == true)
            try await sandbox.startBroker(name: "broker-restarted")
            let downtime = try await during
            #expect(downtime.allSatisfy { $0.status == 202 || [502, 503, 504].contains($0.status) }, "\(downtime.map(\.status))")
            let second = try await sandbox.eventually("a full burst accepted by the restarted broker", timeout: .seconds(20)) {
                let replies = try await Self.burst(sandbox, 32)
                return replies.allSatisfy { $0.status == 202 } ? replies : nil
            }

            let jobs = (first + downtime + second).compactMap(\.job)
            #expect(Set(jobs).count == jobs.count, "every accepted submit has a job of its own")
            for job in jobs { try await sandbox.waitOverHTTP(job, "succeeded") { $0.state == .succeeded } }
        }
    }
}
