import Client
import Configuration
import Foundation
import Gateway
import GatewayClient
import Wire

/// `interlude link PRESENTATION --for NAME`: prints an answer link, signed here with the gateway's key file.
struct LinkCommand: Command {
    let name = "link"
    let summary = "Print a signed link one person of a question's audience answers it with"
    let options = Backends.options.union(["for", "expires"])
    let help = """
        Usage: interlude link PRESENTATION --for NAME [--expires DURATION] [--gateway URL --token-file FILE]

        Prints a URL that shows the pending question PRESENTATION on a page of its own and answers it
        once, as NAME, through channel "link". Opening it answers nothing; only the page's buttons do.
        NAME must be in the question's audience (a user it names, or a token of that name in one of its
        groups). Signed with linkKeyFile, so run it where the gateway's key file is; or, with
        --gateway, asked of the gateway (its token needs the link scope), which signs it.
          --for      the person the link answers as
          --expires  how long the link works, such as 30m, 2h or 3600 (seconds); default 24h, at most
                     30 days, and never past the question's own deadline
        \(Backends.help)
        The link points at publicUrl, else http://<http>. See docs/answering-links.md.
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        let id = try arguments.positionals("PRESENTATION")[0]
        guard let person = arguments["for"], !person.isEmpty else { throw UsageError("--for NAME is required: who the link answers as") }
        let lifetime = try arguments["expires"].map { text throws(UsageError) -> TimeInterval in
            guard let seconds = DurationText.seconds(text) else {
                throw UsageError("--expires takes a duration such as 30m, 2h, 1h30m or 90 (seconds), got \"\(text)\"")
            }
            return seconds
        }
        if let gateway = try Backends.gatewayClient(arguments) { return await link(id, for: person, lifetime: lifetime, over: gateway) }
        guard let keys = try settings.linkKeys() else {
            printError("no answer link key file at \(settings.linkKeyPath); `interlude up` makes one, or run `interlude keygen --link-key`")
            return ExitStatus.failure
        }
        let connection = try Connection(settings)
        defer { connection.broker.close() }
        let state: BrokerReply.PresentationState
        do {
            state = try await connection.client.presentation(id)
        } catch {
            printError(error.message)
            return error.exitStatus
        }
        let tokens = try APIToken.load(file: settings.tokensFile) + APIToken.parse(inline: settings.tokens)
        let groups = tokens.first { $0.name == person }?.groups ?? []
        do {
            let link = try AnswerLink(issuing: state, for: person, groups: groups, lifetime: lifetime, now: Date())
            let base = settings.publicUrl.isEmpty ? "http://\(settings.http)" : String(settings.publicUrl.trimmingSuffix("/"))
            print("\(base)/answer/\(link.presentation)/\(link.signed(with: keys))")
            return ExitStatus.success
        } catch {
            printError(error.message)
            return error.code == .refused ? ExitStatus.usage : ExitStatus.refused
        }
    }
}

extension LinkCommand {
    /// Asks the gateway for the link (`POST /v1/presentations/{id}/links`); its refusals exit as the
    /// local ones do: 3 when the question is not pending or not for `person`, 2 for a bad lifetime.
    fileprivate func link(_ id: String, for person: String, lifetime: TimeInterval?, over gateway: GatewayClient) async -> Int32 {
        do {
            print(try await gateway.link(id, for: person, lifetime: lifetime).url)
            return ExitStatus.success
        } catch {
            printError(error.message)
            switch error.code {
            case "notInAudience", "notPending": return ExitStatus.refused
            case "invalidRequest": return ExitStatus.usage
            default: return GatewayBackend.wire(error).exitStatus
            }
        }
    }
}

extension String {
    /// The text without one trailing `suffix`.
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self[...]
    }
}
