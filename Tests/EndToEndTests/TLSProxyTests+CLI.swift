import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd.TLSInFront {
    @Test(
        "Over https through nginx with a private CA: pending, answer and the live resolver with --cacert or INTERLUDE_CACERT; without it, exit 1 naming the certificate"
    )
    func commandLineWithAPrivateAuthority() async throws {
        for tool in [Self.nginx, Self.openssl, Self.curl] where !FileManager.default.isExecutableFile(atPath: tool) {
            Issue.record("\(tool) is missing: INTERLUDE_WITH_TEST_TOOLS=1 scripts/install-deps.sh")
            return
        }
        let sandbox = try Sandbox("tls-cli")
        defer { sandbox.shutdown() }
        let token = "tok-ana-0123456789abcdef"
        try await sandbox.startAll(gateway: ["INTERLUDE_TOKENS": "ana:\(token):submit+answer+read"])
        let proxy = try await Proxy(sandbox)
        _ = try await sandbox.eventually("nginx to serve /healthz over TLS") { () async throws -> Bool? in
            if let ended = proxy.process.termination { throw EndToEndFailure("nginx exited (\(ended)): \(proxy.errorLog)") }
            return try await proxy.curl(["-o", "/dev/null", "-w", "%{http_code}", proxy.url("/healthz")]).output == "200" ? true : nil
        }
        let tokenFile = sandbox.root.appendingPathComponent(".interlude-token")
        try Data("\(token)\n".utf8).write(to: tokenFile)
        // The broker's client port is out of reach: only the https gateway answers.
        let laptop = ["INTERLUDE_GATEWAY": proxy.url(""), "INTERLUDE_CLIENTS": "tcp://127.0.0.1:1"]
        let job = try await sandbox.submit("removeDownload", blueInGreen)
        let question = try await sandbox.question(of: job)

        let untrusted = try await sandbox.cli(["pending", "--token-file", tokenFile.path], environment: laptop)
        #expect(untrusted.status == 1, "\(untrusted)")
        #expect(untrusted.stderr.contains("the gateway's certificate is not trusted"), "\(untrusted)")
        #expect(untrusted.stderr.contains("signed by the system's certificate authorities (for a private one: --cacert FILE)"), "\(untrusted)")
        #expect(untrusted.stderr.split(separator: "\n").count == 1, "one line: \(untrusted)")

        let pending = try await sandbox.cli(["pending", "--token-file", tokenFile.path, "--cacert", proxy.authority.path], environment: laptop)
        #expect(pending.status == 0 && pending.stdout.contains(question.id), "\(pending)")
        let answered = try await sandbox.cli(
            ["answer", question.id, "remove", "--token-file", tokenFile.path, "--cacert", proxy.authority.path], environment: laptop)
        #expect(answered.status == 0 && answered.stdout.contains("\(question.id): answered by ana"), "\(answered)")
        try await sandbox.waitForEnd(of: job)

        // The resolver follows the event stream over https: a question submitted after it started arrives live.
        let trusted = laptop.merging(["INTERLUDE_CACERT": proxy.authority.path, "NO_COLOR": "1", "LANG": "C"]) { _, new in new }
        let terminal = try await TmuxTerminal(sandbox, ["resolve", "--token-file", tokenFile.path], environment: trusted)
        defer { terminal.close() }
        try await terminal.cancelsALiveRemoval(in: sandbox)
    }
}
