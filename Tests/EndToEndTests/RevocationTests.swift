import Client
import Foundation
import Presentation
import Synchronization
import Testing
import Wire
import ZeroMQ

extension EndToEnd {
    /// What a key removed by SIGHUP keeps: nothing — its worker registration and its event subscriptions end at the reload.
    @Suite("Revoked keys") struct RevokedKeys {
        typealias Setup = CurveKeys.Setup

        /// `interlude status JOB --json`: the job and its `history`.
        struct JobWithHistory: Decodable {
            let state: Job.State
            let history: [HistoryEntry]
        }

        /// The broker, logging what it does at info level: its reloads are awaited in its log.
        static func startBroker(_ setup: Setup) async throws -> ProcessHandle {
            try await setup.sandbox.startBroker(environment: setup.keys.brokerSettings.merging(["INTERLUDE_LOG_LEVEL": "info"]) { _, new in new })
        }

        /// Waits for the broker's log to say it read the keys again, `count` reloads in all.
        static func reloaded(_ broker: ProcessHandle, times count: Int, in sandbox: Sandbox) async throws {
            _ = try await sandbox.eventually("the broker to reload its keys", timeout: .seconds(10)) {
                broker.stderr.components(separatedBy: "authorized keys reloaded").count > count ? true : nil
            }
        }

        @Test("A worker whose key is revoked gets no dispatch after the reload, and its job is replayed on a permitted worker and ends once")
        func aRevokedWorkerIsDropped() async throws {
            let setup = try await Setup("revoke-worker")
            defer { setup.sandbox.shutdown() }
            let sandbox = setup.sandbox
            let spare = try await setup.keys.make("spare", in: sandbox)
            let broker = try await Self.startBroker(setup)
            try await sandbox.startWorker("robot", environment: setup.keys.client(setup.robot))
            let held = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: held)

            try setup.keys.authorize([("client", setup.carol), ("answerer", setup.alice), ("worker", spare)])
            broker.hangUp()
            try await Self.reloaded(broker, times: 1, in: sandbox)
            let queued = try await sandbox.submit("removeDownload", soWhat)
            #expect(try await sandbox.status(queued).state == .queued, "nothing is handed to the revoked worker")

            try await sandbox.startWorker("spare", environment: setup.keys.client(spare))
            let answered = try await sandbox.cli(["answer", question.id, "remove"], environment: setup.keys.client(setup.alice))
            #expect(answered.status == 0, "\(answered)")
            #expect(try await sandbox.waitForEnd(of: held).state == .succeeded)
            #expect(try await sandbox.question(of: queued).title == "Remove download", "the new job runs on the permitted worker")

            let heldHistory = try await sandbox.cliJSON(JobWithHistory.self, "status", held, "--json").history
            #expect(heldHistory.filter { $0.type == .dispatched }.map(\.worker) == ["robot", "spare"], "replayed on the permitted worker")
            #expect(heldHistory.filter { $0.type == .step }.map(\.step) == ["locate", "remove"], "no step repeated")
            #expect(heldHistory.filter { $0.type == .finished }.count == 1)
            let queuedHistory = try await sandbox.cliJSON(JobWithHistory.self, "status", queued, "--json").history
            #expect(queuedHistory.filter { $0.type == .dispatched }.map(\.worker) == ["spare"], "the revoked worker never got it")
            #expect(broker.stderr.contains("worker robot left (its key is no longer a worker key)"), "\(broker.tail())")
        }

        /// Collects what a subscription hears, heartbeats counted apart.
        final class Heard: Sendable {
            private let state = Mutex<(events: [Event], heartbeats: Int)>(([], 0))
            var events: [Event] { state.withLock { $0.events } }
            var heartbeats: Int { state.withLock { $0.heartbeats } }

            func take(_ event: Event) {
                state.withLock {
                    if event.type == .heartbeat {
                        $0.heartbeats += 1
                    } else {
                        $0.events.append(event)
                    }
                }
            }
        }

        @Test("A subscription held by a revoked key hears nothing after the reload, while a kept key's hears the job that ends after it")
        func aRevokedSubscriberHearsNothingNew() async throws {
            let setup = try await Setup("revoke-subscriber")
            defer { setup.sandbox.shutdown() }
            let sandbox = setup.sandbox
            try setup.keys.authorize([("client", setup.carol), ("answerer", setup.alice), ("worker", setup.robot), ("client", setup.stranger)])
            let broker = try await Self.startBroker(setup)
            try await sandbox.startWorker("robot", environment: setup.keys.client(setup.robot))
            let serverKey = try #require(CurvePublicKey(z85: setup.keys.broker.publicKey))
            func subscribe(_ key: SandboxKeys.Key, _ heard: Heard) throws -> (BrokerConnection, EventListener) {
                let security = ConnectionSecurity(.curveClient(serverKey: serverKey, secretKey: try CurveKeyFile.secretKey(at: key.secretFile)))
                let connection = try BrokerConnection(.init(clients: sandbox.clients, events: sandbox.events, security: security))
                return (connection, try connection.listen { heard.take($0) })
            }
            let (revoked, kept) = (Heard(), Heard())
            let (revokedConnection, revokedListener) = try subscribe(setup.stranger, revoked)
            let (keptConnection, keptListener) = try subscribe(setup.alice, kept)
            defer {
                for listener in [revokedListener, keptListener] { listener.cancel() }
                for connection in [revokedConnection, keptConnection] { connection.close() }
            }
            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: job)
            for heard in [revoked, kept] {
                _ = try await sandbox.eventually("both subscribers to hear the question") {
                    heard.events.contains { $0.type == .presentationPending && $0.job?.id == job } ? true : nil
                }
            }

            try setup.keys.authorize([("client", setup.carol), ("answerer", setup.alice), ("worker", setup.robot)])
            broker.hangUp()
            try await Self.reloaded(broker, times: 1, in: sandbox)
            // Two heartbeats after the reload: the kept subscriber is connected again, whatever the reload did to its connection.
            let beats = kept.heartbeats
            _ = try await sandbox.eventually("the kept subscriber to hear the broker again") { kept.heartbeats >= beats + 2 ? true : nil }
            let heardBefore = revoked.events.count

            let answered = try await sandbox.cli(["answer", question.id, "remove"], environment: setup.keys.client(setup.alice))
            #expect(answered.status == 0, "\(answered)")
            #expect(try await sandbox.waitForEnd(of: job).state == .succeeded)
            _ = try await sandbox.eventually("the kept subscriber to hear the job end") {
                kept.events.contains { $0.type == .jobSucceeded && $0.job?.id == job } ? true : nil
            }
            #expect(kept.events.contains { $0.type == .presentationResolved && $0.job?.id == job })
            let late = revoked.events.dropFirst(heardBefore)
            #expect(late.isEmpty, "the revoked key heard \(late.map(\.type.rawValue)) after the reload")
            #expect(broker.stderr.contains("event subscriptions closed to drop revoked key(s) stranger"), "\(broker.tail())")
        }
    }
}
