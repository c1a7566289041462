import Client
import Configuration
import Foundation
import Lifecycle
import Resolver
import Wire
import ZeroMQ

struct ResolveCommand: Command {
    let name = "resolve"
    let summary = "Answer pending questions in the terminal as they arrive, or by policy"
    let options = Backends.options.union(["as", "policy", "locale"])
    let flags: Set<String> = ["once", "json", "quiet"]
    let help = """
        Usage: interlude resolve [--policy FILE] [--once] [--json] [--as NAME] [--locale LOCALE] [--quiet] [--gateway URL --token-file FILE]

        Shows pending questions one at a time, oldest first, and follows new ones as they arrive.
        Keys: the row number, the label's first letter when unambiguous, Esc for the cancel action;
        q or Ctrl-C quits. A question answered elsewhere, withdrawn or expired while shown is closed
        with a line saying so; if someone answers first, you are told who. Under the dialog a line
        keeps count of the questions waiting behind it and counts down to its deadline, if it has one;
        the terminal bell rings when a new question arrives.
          --policy  answer by the rules of this JSON file (see config/policy.example.json); each
                    decision is logged to stderr; what no rule decides goes to the person, if any
          --once    handle what is pending now, then exit (3 if an answer of ours was refused)
          --json    print one JSON line per question seen and per answer or closure (needs --policy)
          --as      who is answering (default: the user name, or with a CURVE key the key's name);
                    answers go through channel "cli"
          --locale  language of the dialogs, such as es (default: LC_ALL, LC_MESSAGES or LANG)
          --quiet   no terminal bell
        Without a terminal on stdin and without --policy, lists what is pending and exits 2.
        \(Backends.help)
        Over the gateway, answers are recorded under the token's name.
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        _ = try arguments.positionals()
        let environment = ProcessInfo.processInfo.environment
        let client = try Backends.choose(arguments, settings)
        var options = ResolverOptions(identity: try await client.answeringName(arguments["as"], settings))
        options.policy = try arguments["policy"].map { path throws(PolicyError) in try AnswerPolicy(contentsOf: URL(fileURLWithPath: path)) }
        options.once = arguments.has("once")
        options.quiet = arguments.has("quiet")
        options.json = arguments.has("json")
        options.interactive = !options.json && RawTerminal.isTerminal(STDIN_FILENO)
        options.locale = arguments["locale"] ?? TerminalEnvironment.locale(environment)
        options.colour = TerminalEnvironment.usesColour(environment, isTerminal: RawTerminal.isTerminal(STDOUT_FILENO))
        options.width = environment["COLUMNS"] == nil ? min(max(RawTerminal.columns() ?? 80, 20), 200) : TerminalEnvironment.width(environment)
        options.silence = .milliseconds(max(3_000, settings.heartbeatMs * settings.liveness))
        guard options.interactive || options.policy != nil else {
            let texts = (try? await client.operations()).map(AnnouncedTexts.init) ?? AnnouncedTexts()
            PendingListing.write(try await client.allPending(), texts: texts, options: options)
            printError(
                options.json ? "--json does not ask in the terminal; use --policy FILE" : "stdin is not a terminal; use --policy FILE or run in a terminal")
            return ExitStatus.usage
        }
        return try await Self.follow(options, client: client)
    }

    /// Runs the resolver (in raw mode when a person answers) on the connection's events until it ends.
    private static func follow(_ options: ResolverOptions, client: any InterludeBackend) async throws -> Int32 {
        let driver = ResolverDriver(options: options, client: client)
        let terminal = options.interactive ? try RawTerminal() : nil
        defer { terminal?.restore() }
        let reader = options.interactive ? try KeyReader() : nil
        defer { reader?.stop() }
        let stopper = driver.stopper
        let signals = Task {
            for await _ in UnixSignal.stream(UnixSignal.shutdown) {
                stopper.stop()
                return
            }
        }
        defer { signals.cancel() }
        let outcome = try await driver.run(keys: reader?.keys)
        return outcome == .answersRefused && options.once ? ExitStatus.refused : ExitStatus.success
    }
}
