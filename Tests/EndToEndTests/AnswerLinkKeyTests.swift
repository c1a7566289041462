import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// Answer link keys rotated while the gateway runs: SIGHUP rereads `linkKeyFile`.
    @Suite("Answer link keys") struct AnswerLinkKeys {
        /// A key file line: a key of random bytes made `age` seconds ago.
        static func line(_ bytes: Data, age: Int) -> String {
            "\(Int(Date().timeIntervalSince1970) - age) \(bytes.base64EncodedString())\n"
        }

        static func randomKey() -> Data { Data((0..<32).map { _ in UInt8.random(in: .min ... .max) }) }

        @Test(
            "A key added to linkKeyFile verifies links after SIGHUP, without a restart; the key it replaced verifies for linkKeyGraceSeconds, then not"
        )
        func keysRotateOnHangUp() async throws {
            let sandbox = try Sandbox("link-key-rotation")
            defer { sandbox.shutdown() }
            let file = sandbox.root.appendingPathComponent("link.keys")
            let (old, new) = (Self.randomKey(), Self.randomKey())
            try Self.line(old, age: 3600).write(to: file, atomically: true, encoding: .utf8)
            let settings = ["INTERLUDE_LINK_KEY_FILE": file.path, "INTERLUDE_LINK_KEY_GRACE_SECONDS": "600", "INTERLUDE_LOG_LEVEL": "info"]
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            let gateway = try await sandbox.startGateway(environment: settings)
            _ = TestLibrary.download("t-101", in: sandbox.library)
            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: job)
            // `interlude link` signs with the newest key of the file as it is now.
            func link() async throws -> String {
                let made = try await sandbox.cli(["link", question.id, "--for", "ana"], environment: settings)
                guard made.status == 0, let url = URL(string: made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw EndToEndFailure("interlude link failed: \(made)")
                }
                return url.path
            }
            var rereads = 0
            func hangUp() async throws {
                rereads += 1
                gateway.hangUp()
                _ = try await sandbox.eventually("the gateway to reread its link keys", timeout: .seconds(10)) { () throws -> Bool? in
                    if let ended = gateway.termination { throw EndToEndFailure("the gateway exited at SIGHUP (\(ended)):\n\(gateway.tail())") }
                    return gateway.stderr.components(separatedBy: "SIGHUP: 2 answer link key(s) read").count > rereads ? true : nil
                }
            }
            let api = sandbox.api()
            let byOld = try await link()
            try (Self.line(old, age: 3600) + Self.line(new, age: 60)).write(to: file, atomically: true, encoding: .utf8)
            let byNew = try await link()
            #expect(try await api.get(byOld).status == 200)
            #expect(try await api.get(byNew).status == 403, "the gateway has not read the new key yet")

            try await hangUp()
            let shown = try await api.get(byNew)
            #expect(shown.status == 200 && String(decoding: shown.body, as: UTF8.self).contains("Answering as ana"), "the new key verifies: \(shown)")
            #expect(try await api.get(byOld).status == 200, "the replaced key verifies within its grace")

            // The same keys, the new one made longer ago than the grace: the old key retires.
            try (Self.line(old, age: 3600) + Self.line(new, age: 1200)).write(to: file, atomically: true, encoding: .utf8)
            try await hangUp()
            let retired = try await api.get(byOld)
            #expect(retired.status == 403 && String(decoding: retired.body, as: UTF8.self).contains("its key was retired"), "\(retired)")
            #expect(try await api.get(byNew).status == 200)
            #expect(try await sandbox.status(job).presentation?.id == question.id, "no GET answered")
            #expect(gateway.isRunning)
        }
    }
}
