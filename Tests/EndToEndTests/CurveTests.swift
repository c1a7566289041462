import Client
import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire
import ZeroMQ

extension EndToEnd {
    /// CURVE on every socket, a ZAP handler admitting listed keys, and each command checked against its key's role.
    @Suite("CURVE keys and roles") struct CurveKeys {
        /// A sandbox whose broker admits `carol` (client), `alice` (answerer), `robot` (worker) and `web` (gateway).
        struct Setup {
            let sandbox: Sandbox
            let keys: SandboxKeys
            let carol, alice, robot, web, stranger: SandboxKeys.Key

            init(_ label: String) async throws {
                sandbox = try Sandbox(label)
                keys = try await SandboxKeys(sandbox)
                carol = try await keys.make("carol", in: sandbox)
                alice = try await keys.make("alice", in: sandbox)
                robot = try await keys.make("robot", in: sandbox)
                web = try await keys.make("web", in: sandbox)
                stranger = try await keys.make("stranger", in: sandbox)
                try keys.authorize([("client", carol), ("answerer", alice), ("worker", robot), ("gateway", web)])
                // Every command runs as carol unless a test says otherwise.
                sandbox.common = keys.client(carol)
            }

            @discardableResult
            func startBroker() async throws -> ProcessHandle {
                try await sandbox.startBroker(environment: keys.brokerSettings)
            }
        }

        @Test("An unknown key and a client without keys are refused at the handshake with a clear error")
        func strangersAreRefused() async throws {
            let setup = try await Setup("curve-strangers")
            defer { setup.sandbox.shutdown() }
            let broker = try await setup.startBroker()

            let stranger = try await setup.sandbox.cli(["pending"], environment: setup.keys.client(setup.stranger))
            #expect(stranger.status == 3, "\(stranger)")
            #expect(stranger.stderr.contains("refused this client's CURVE key"), "\(stranger)")
            let plain = try await setup.sandbox.cli(
                ["pending"], environment: ["INTERLUDE_CURVE_SECRET_KEY_FILE": "", "INTERLUDE_BROKER_PUBLIC_KEY": ""])
            #expect(plain.status == 3, "\(plain)")
            #expect(plain.stderr.contains("security handshake with the broker"), "\(plain)")
            #expect(broker.stderr.contains("refused a connection to clients"), "the broker logs the refusal")
            #expect(
                !broker.stderr.contains(try String(contentsOfFile: setup.keys.broker.secretFile, encoding: .utf8).split(separator: "\n").last!),
                "the broker's secret key is never logged")
            #expect(try await setup.sandbox.cli("pending").status == 0, "carol's listed key gets in")
        }

        @Test("A worker runs jobs only with a worker key: resolver and unknown keys are refused, and nothing is dispatched to them")
        func onlyWorkerKeysRegister() async throws {
            let setup = try await Setup("curve-workers")
            defer { setup.sandbox.shutdown() }
            let sandbox = setup.sandbox
            try await setup.startBroker()
            try await sandbox.announceShippedOperations(environment: setup.keys.client(setup.robot))
            let job = try await sandbox.submit("removeDownload", blueInGreen)

            let answererAsWorker = try sandbox.launchWorker("rogue-answerer", environment: setup.keys.client(setup.alice))
            let strangerAsWorker = try sandbox.launchWorker("rogue-stranger", environment: setup.keys.client(setup.stranger))
            for rogue in [answererAsWorker, strangerAsWorker] {
                _ = try await sandbox.eventually("\(rogue.name) to be refused") {
                    rogue.stderr.contains("refused this worker's CURVE key") ? true : nil
                }
            }
            let carol = try BrokerConnection(
                .init(
                    clients: sandbox.clients,
                    security: ConnectionSecurity(
                        .curveClient(
                            serverKey: try #require(CurvePublicKey(z85: setup.keys.broker.publicKey)),
                            secretKey: try CurveKeyFile.secretKey(at: setup.carol.secretFile))))
            ).client
            defer { carol.close() }
            let stats = try await carol.stats()
            #expect(stats.workers == 0, "no rogue registered: \(stats)")
            #expect(try await sandbox.status(job).state == .queued, "no rogue took the job")

            // The broker's public key may also be given as the path of its .pub file.
            var robot = setup.keys.client(setup.robot)
            robot["INTERLUDE_BROKER_PUBLIC_KEY"] = setup.keys.folder.appendingPathComponent("broker.pub").path
            try await sandbox.startWorker("robot", environment: robot)
            let question = try await sandbox.question(of: job)
            #expect(question.title == "Remove download")
        }

        @Test("Each command is checked against the key's role, and an answer is recorded under the key's name")
        func rolesDecideWhoAnswers() async throws {
            let setup = try await Setup("curve-roles")
            defer { setup.sandbox.shutdown() }
            let sandbox = setup.sandbox
            try await setup.startBroker()
            try await sandbox.startWorker("robot", environment: setup.keys.client(setup.robot))
            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: job)
            let alice = setup.keys.client(setup.alice)

            let byWorker = try await sandbox.cli(["answer", question.id, "remove"], environment: setup.keys.client(setup.robot))
            #expect(byWorker.status == 3, "a worker key cannot even reach the client socket: \(byWorker)")
            #expect(byWorker.stderr.contains("refused this client's CURVE key"), "\(byWorker)")
            let byClient = try await sandbox.cli("answer", question.id, "remove")
            #expect(byClient.status == 3, "\(byClient)")
            #expect(byClient.stderr.contains("key \"carol\" (client) may not answer"), "\(byClient)")
            let impersonating = try await sandbox.cli(["answer", question.id, "remove", "--as", "bob"], environment: alice)
            #expect(impersonating.status == 3, "\(impersonating)")
            #expect(impersonating.stderr.contains("may answer only as \"alice\", not as \"bob\""), "\(impersonating)")
            let submitting = try await sandbox.cli(["submit", "removeDownload", "--input", soWhat], environment: alice)
            #expect(submitting.status == 3, "an answerer cannot submit: \(submitting)")
            #expect(try await sandbox.status(job).state == .waiting, "no refused answer changed anything")

            let answered = try await sandbox.cli(["answer", question.id, "remove", "--json"], environment: alice)
            #expect(answered.status == 0, "\(answered)")
            let resolution = try JSONCoding.decoder.decode(Resolution.self, from: Data(answered.stdout.utf8))
            #expect(resolution.by == "alice")
            #expect(resolution.action == "remove")
            #expect(try await sandbox.waitForEnd(of: job).result == .object(["removed": .bool(true)]))
            #expect(try await sandbox.jobs().count == 1, "the answerer's submit queued nothing")
        }

        @Test("SIGHUP rereads the authorized keys: an added key gets in, a removed one is refused, a bad file keeps the old keys")
        func keysReloadOnHangUp() async throws {
            let setup = try await Setup("curve-reload")
            defer { setup.sandbox.shutdown() }
            let sandbox = setup.sandbox
            let broker = try await setup.startBroker()
            let stranger = setup.keys.client(setup.stranger)
            #expect(try await sandbox.cli(["pending"], environment: stranger).status == 3)

            try setup.keys.authorize([("client", setup.carol), ("answerer", setup.stranger)])
            broker.hangUp()
            _ = try await sandbox.eventually("the added key to get in", timeout: .seconds(10)) {
                try await sandbox.cli(["pending"], environment: stranger).status == 0 ? true : nil
            }
            try setup.keys.authorize([("answerer", setup.stranger)])
            broker.hangUp()
            _ = try await sandbox.eventually("the removed key to be refused", timeout: .seconds(10)) {
                try await sandbox.cli("pending").status == 3 ? true : nil
            }
            try "client nobody not-a-key\n".write(to: setup.keys.authorizedFile, atomically: true, encoding: .utf8)
            broker.hangUp()
            _ = try await sandbox.eventually("the bad file to be reported", timeout: .seconds(10)) {
                broker.stderr.contains("keeping the keys already loaded") ? true : nil
            }
            #expect(broker.stderr.contains("line 1"), "\(broker.tail())")
            #expect(try await sandbox.cli(["pending"], environment: stranger).status == 0, "the keys loaded before still apply")
            #expect(broker.isRunning)
        }

        @Test("The gateway talks to the broker with its own key and answers under the HTTP caller's token name")
        func theGatewayPassesTokenNamesOn() async throws {
            let setup = try await Setup("curve-gateway")
            defer { setup.sandbox.shutdown() }
            let sandbox = setup.sandbox
            try await setup.startBroker()
            try await sandbox.startWorker("robot", environment: setup.keys.client(setup.robot))
            var gateway = setup.keys.client(setup.web)
            gateway["INTERLUDE_TOKENS"] = "ops:tok-ops-0123456789:submit+answer+read"
            try await sandbox.startGateway(environment: gateway)
            let ops = sandbox.api(token: "tok-ops-0123456789")
            let job = try await ops.post("/v1/operations", #"{"operation": "resetPreferences"}"#).decode(Job.self)
            let question = try await sandbox.questionOverHTTP(job.id, client: ops)
            let answered = try await ops.post("/v1/presentations/\(question.id)/answer", #"{"action": "cancel"}"#)
            #expect(answered.status == 200, "\(answered)")
            #expect(try answered.decode(Resolution.self).by == "ops")
        }

        @Test("interlude up with keys: its worker and gateway use the process's key, and a client needs its own")
        func upUsesCurveInsideTheProcessToo() async throws {
            let setup = try await Setup("curve-up")
            defer { setup.sandbox.shutdown() }
            let sandbox = setup.sandbox
            // One process, one key: it is listed as the worker and the gateway it runs.
            try setup.keys.authorize([("worker", setup.keys.broker), ("gateway", setup.keys.broker), ("client", setup.carol), ("answerer", setup.alice)])
            try await sandbox.startUp(environment: setup.keys.brokerSettings)
            #expect(try await sandbox.api().get("/healthz").status == 200, "the gateway reaches the broker over CURVE")
            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: job)
            let answered = try await sandbox.cli(["answer", question.id, "cancel", "--json"], environment: setup.keys.client(setup.alice))
            #expect(answered.status == 0, "\(answered)")
            #expect(try await sandbox.waitForEnd(of: job).result == .object(["removed": .bool(false)]), "the in-process worker ran it")
            let stranger = try await sandbox.cli(["pending"], environment: setup.keys.client(setup.stranger))
            #expect(stranger.status == 3, "\(stranger)")
        }

        @Test("Without keys the broker refuses to listen beyond loopback, naming the setting")
        func noKeysNoExposure() async throws {
            let sandbox = try Sandbox("curve-exposed", demoLibrary: false)
            defer { sandbox.shutdown() }
            let result = try await sandbox.cli(["broker"], environment: ["INTERLUDE_CLIENTS": "tcp://0.0.0.0:*"])
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("clients is tcp://0.0.0.0:*, reachable beyond this machine"), "\(result)")
            #expect(result.stderr.contains("curveSecretKeyFile and authorizedKeysFile"), "\(result)")
        }
    }
}
