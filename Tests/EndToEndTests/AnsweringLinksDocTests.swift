import Foundation
import Presentation
import TestSupport
import Testing

extension EndToEnd {
    /// docs/answering-links.md's samples are what the commands and the API print.
    @Suite("The answering-links page's samples") struct AnsweringLinksSamples {
        static let page: String = {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return (try? String(contentsOf: root.appendingPathComponent("docs/answering-links.md"), encoding: .utf8)) ?? ""
        }()

        /// The lines of the page's ```sh blocks, in order.
        static var shellLines: [String] {
            page.components(separatedBy: "```sh\n").dropFirst().flatMap { block in
                (block.components(separatedBy: "```").first ?? "").split(separator: "\n").map(String.init)
            }
        }

        /// The line after the first one starting with `prefix`, its `# ` taken off: the output shown under it.
        static func sample(after prefix: String) throws -> (command: String, output: String) {
            let lines = shellLines
            guard let at = lines.firstIndex(where: { $0.hasPrefix(prefix) }), at + 1 < lines.count, lines[at + 1].hasPrefix("# ") else {
                throw EndToEndFailure("docs/answering-links.md has no sample starting \(prefix)")
            }
            return (lines[at], String(lines[at + 1].dropFirst(2)))
        }

        /// `text` with what differs on every run masked: ids, times, the gateway's port and the signed part of a link.
        static func masked(_ text: String) -> String {
            let rules = [(#"127\.0\.0\.1:\d+"#, "127.0.0.1:<port>"), (#"(/answer/prs_<id>/)[^"\s]+"#, "$1<link>")]
            return rules.reduce(ReadmeWalkthroughs.masked(text)) { text, rule in
                text.replacingOccurrences(of: rule.0, with: rule.1, options: .regularExpression)
            }
        }

        @Test(
            "docs/answering-links.md shows what `interlude link` and `POST /v1/presentations/{id}/links` print, over both transports",
            arguments: Transport.allCases)
        func theSamplesAreTrue(over transport: Transport) async throws {
            let sandbox = try Sandbox("answering-links-doc", transport: transport)
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let question = try await sandbox.question(of: try await sandbox.submit("removeDownload", blueInGreen))

            let link = try Self.sample(after: "interlude link ")
            var arguments = link.command.split(separator: " ").map(String.init).dropFirst().map { $0 }
            arguments[1] = question.id
            let printed = try await sandbox.cli(arguments)
            #expect(printed.status == 0, "\(printed)")
            #expect(Self.masked(printed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == Self.masked(link.output), "\(printed)")

            let request = try Self.sample(after: "  -d '")
            let body = try #require(request.command.components(separatedBy: "'").dropFirst().first, "\(request)")
            let api = sandbox.api(token: transport == .gateway ? Transport.token(for: "e2e") : nil)
            let issued = try await api.post("/v1/presentations/\(question.id)/links", body)
            #expect(issued.status == 201, "\(issued)")
            #expect(Self.masked(String(decoding: issued.body, as: UTF8.self)) == Self.masked(request.output), "\(issued)")
        }
    }
}
