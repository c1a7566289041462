import Foundation
import Presentation
public import Wire

/// What a resolver that cannot ask anyone (no terminal, no policy) prints: every pending
/// presentation as its dialog with the command that answers it, or as `presented` JSON lines.
public enum PendingListing {
    /// Writes the snapshot's presentations, oldest first, as `options` say (locale, JSON), in the
    /// operations' own words where `texts` has them.
    public static func write(
        _ snapshot: BrokerReply.PendingSnapshot, texts: AnnouncedTexts = AnnouncedTexts(), options: ResolverOptions,
        output: ResolverOutput = .standard
    ) {
        let entries = snapshot.presentations
            .sorted { $0.createdAt < $1.createdAt }
            .map { PendingEntry($0, operation: snapshot.operations[$0.job], approvals: snapshot.approvals[$0.id] ?? []) }
        if options.json {
            for entry in entries { output.json(.presented(entry)) }
            return
        }
        if entries.isEmpty { output.line(SessionText.string("none", locale: options.locale)) }
        for entry in entries {
            let renderer = TerminalRenderer(
                context: RenderContext(
                    locale: options.locale, colour: options.colour, width: options.width, operation: entry.operation, now: Date(),
                    operationCatalog: texts.catalog(for: entry.operation)))
            let actions = renderer.choices(entry.presentation).choices.map(\.action.id).joined(separator: "|")
            output.line(renderer.render(entry.presentation, approvals: entry.approvals).joined(separator: "\n"))
            output.line(TextRules.escaped("  interlude answer \(entry.id) <\(actions)>") + "\n")
        }
    }
}
