import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// deploy/nginx/interlude.conf, the compose `tls` profile's proxy, run by Debian's nginx in front of
    /// a real gateway with a certificate from a throwaway CA: the page, the API and a live event stream.
    @Suite("TLS in front") struct TLSInFront {
        static let nginx = "/usr/sbin/nginx"
        static let openssl = "/usr/bin/openssl"
        static let curl = "/usr/bin/curl"

        @Test("Through nginx and TLS: the page with HSTS, a submit over the API, and a job's events arriving live on an open event stream")
        func pageAPIAndLiveEvents() async throws {
            for tool in [Self.nginx, Self.openssl, Self.curl] where !FileManager.default.isExecutableFile(atPath: tool) {
                Issue.record("\(tool) is missing: INTERLUDE_WITH_TEST_TOOLS=1 scripts/install-deps.sh")
                return
            }
            let sandbox = try Sandbox("tls-proxy")
            defer { sandbox.shutdown() }
            try await sandbox.startAll()
            let proxy = try await Proxy(sandbox)
            _ = try await sandbox.eventually("nginx to serve /healthz over TLS") { () async throws -> Bool? in
                if let ended = proxy.process.termination { throw EndToEndFailure("nginx exited (\(ended)): \(proxy.errorLog)") }
                return try await proxy.curl(["-o", "/dev/null", "-w", "%{http_code}", proxy.url("/healthz")]).output == "200" ? true : nil
            }

            let page = try await proxy.curl(["-D", "-", proxy.url("/")])
            #expect(page.status == 0, "\(page.output)")
            #expect(page.output.hasPrefix("HTTP/1.1 200"), "\(page.output.prefix(300))")
            #expect(page.output.lowercased().contains("strict-transport-security: max-age=31536000"), "\(page.output.prefix(600))")
            #expect(page.output.lowercased().contains("<!doctype html>"), "\(page.output.prefix(600))")

            let first = try await proxy.submit()
            // Replayed from the start, the stream shows the first job: it is open and delivering.
            let stream = try sandbox.start(
                "stream",
                [
                    "--silent", "--no-buffer", "--cacert", proxy.authority.path, "--resolve", proxy.resolve, "-H", "Accept: text/event-stream",
                    proxy.url("/v1/events?lastEventId=0"),
                ], executable: URL(fileURLWithPath: Self.curl))
            _ = try await sandbox.eventually("the stream to show the first job") { stream.stdout.contains(first) ? true : nil }
            let second = try await proxy.submit()
            _ = try await sandbox.eventually("the second job's events to arrive while the stream stays open") { () throws -> Bool? in
                if let ended = stream.termination { throw EndToEndFailure("the stream ended (\(ended)): \(stream.stdout.suffix(500))") }
                return stream.stdout.contains(second) ? true : nil
            }
            #expect(stream.isRunning)
        }

        /// nginx with the shipped configuration, a test CA and a server certificate for localhost.
        struct Proxy {
            let sandbox: Sandbox
            let folder: URL
            let port: Int
            let process: ProcessHandle
            var authority: URL { folder.appendingPathComponent("ca.pem") }
            var resolve: String { "localhost:\(port):127.0.0.1" }
            var errorLog: String { (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? "" }

            init(_ sandbox: Sandbox) async throws {
                self.sandbox = sandbox
                folder = sandbox.root.appendingPathComponent("nginx", isDirectory: true)
                let tls = folder.appendingPathComponent("interlude-tls", isDirectory: true)
                let include = folder.appendingPathComponent("interlude", isDirectory: true)
                for made in [tls, include, folder.appendingPathComponent("tmp")] {
                    try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
                }
                try await Self.certificates(in: folder, tls: tls)
                port = try FreePort.find()
                let shipped = RepositoryFolder.root.appendingPathComponent("deploy/nginx/interlude.conf")
                try FileManager.default.copyItem(at: shipped, to: folder.appendingPathComponent("interlude.conf"))
                try "server \(sandbox.http);\n".write(to: include.appendingPathComponent("upstream.conf"), atomically: true, encoding: .utf8)
                try "listen 127.0.0.1:\(port) ssl;\n".write(to: include.appendingPathComponent("listen.conf"), atomically: true, encoding: .utf8)
                let main = """
                    daemon off;
                    master_process off;
                    pid nginx.pid;
                    error_log error.log warn;
                    events { worker_connections 64; }
                    http {
                        access_log off;
                        client_body_temp_path tmp/body;
                        proxy_temp_path tmp/proxy;
                        fastcgi_temp_path tmp/fastcgi;
                        uwsgi_temp_path tmp/uwsgi;
                        scgi_temp_path tmp/scgi;
                        include interlude.conf;
                    }
                    """
                try main.write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
                process = try sandbox.start(
                    "nginx",
                    ["-p", folder.path + "/", "-c", folder.appendingPathComponent("nginx.conf").path, "-e", folder.appendingPathComponent("error.log").path],
                    executable: URL(fileURLWithPath: TLSInFront.nginx))
            }

            /// A CA, and a certificate it signed for localhost and 127.0.0.1.
            static func certificates(in folder: URL, tls: URL) async throws {
                let ext = folder.appendingPathComponent("server.ext")
                try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(to: ext, atomically: true, encoding: .utf8)
                let steps: [[String]] = [
                    [
                        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", folder.appendingPathComponent("ca.key").path,
                        "-out", folder.appendingPathComponent("ca.pem").path, "-days", "2", "-subj", "/CN=Interlude test CA",
                        "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
                    ],
                    [
                        "req", "-newkey", "rsa:2048", "-nodes", "-keyout", tls.appendingPathComponent("key.pem").path,
                        "-out", folder.appendingPathComponent("server.csr").path, "-subj", "/CN=localhost",
                    ],
                    [
                        "x509", "-req", "-in", folder.appendingPathComponent("server.csr").path, "-CA", folder.appendingPathComponent("ca.pem").path,
                        "-CAkey", folder.appendingPathComponent("ca.key").path, "-CAcreateserial", "-out", tls.appendingPathComponent("cert.pem").path,
                        "-days", "2", "-extfile", ext.path,
                    ],
                ]
                for step in steps {
                    let run = try await ChildCommand.run(TLSInFront.openssl, step, timeout: .seconds(60))
                    guard run.status == 0 else { throw EndToEndFailure("openssl \(step[0]) failed: \(run.output)") }
                }
            }

            func url(_ path: String) -> String { "https://localhost:\(port)\(path)" }

            /// `curl` through the proxy, trusting the test CA only.
            func curl(_ arguments: [String]) async throws -> (status: Int32, output: String) {
                try await ChildCommand.run(
                    TLSInFront.curl, ["--silent", "--show-error", "--max-time", "10", "--cacert", authority.path, "--resolve", resolve] + arguments,
                    timeout: .seconds(15))
            }

            /// Submits removeDownload through the proxy; returns the job's id.
            func submit() async throws -> String {
                let reply = try await curl([
                    "-H", "Content-Type: application/json", "--data", #"{"operation": "removeDownload", "input": \#(blueInGreen)}"#, url("/v1/operations"),
                ])
                guard reply.status == 0, let match = reply.output.firstMatch(of: /"id":"(job_[^"]+)"/) else {
                    throw EndToEndFailure("a submit through the proxy failed: \(reply.output)")
                }
                return String(match.1)
            }
        }
    }
}

/// A TCP port nothing listens on now (the kernel's pick for port 0), for a program that cannot report the one it bound.
enum FreePort {
    static func find() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw EndToEndFailure("no socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw EndToEndFailure("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
