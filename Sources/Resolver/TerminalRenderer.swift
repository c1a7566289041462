import Foundation
public import Presentation

/// Renders presentations as terminal text: pure, the same presentation and context give the same lines.
///
/// - An **alert** is an interruption: a box whose first line is `! <title>`.
/// - A **confirmation dialog** confirms something the person started: an open, sheet-like list led by
///   `? <title>`, the choices between rules and the cancel action set apart below them.
/// - The title follows `titleVisibility`: `visible` shows it, `hidden` does not, and `automatic` shows
///   it on alerts always and on dialogs only when there is a message (as a sheet's title does).
/// - Then the message; error alerts show `Reason: <failure reason>` first when the error has one.
/// - Rows are arranged by `ChoiceResolver`: ordinary, destructive, cancel (last, bound to Escape),
///   shown as `[1] [R]emove`. Destructive rows are bold red with colour and end in `(⚠ destructive)`
///   without it. Under the row of an action that needs several people: `needs 2 approvals, 1 so far: ana`.
/// - A dim header names the job's operation and the question's age: `removeDownload · 2 min ago`.
public struct TerminalRenderer: Sendable, Hashable {
    /// The locale, colour, width, operation and time the lines are rendered for.
    public let context: RenderContext

    /// A renderer for `context`.
    public init(context: RenderContext) {
        self.context = context
    }

    /// The lines that show `presentation`, header first, without trailing newlines; an action that needs
    /// several people says under its row how many it needs and who gave the `approvals` it has so far.
    public func render(_ presentation: Presentation, approvals: [Approval] = []) -> [String] {
        let style = TerminalStyle(colour: context.colour)
        let body =
            switch presentation.kind {
            case .alert: alertLines(presentation, approvals: approvals)
            case .confirmationDialog: dialogLines(presentation, approvals: approvals)
            }
        return [style.apply(.header, to: TextRules.escaped(header(presentation)))] + body.map { $0.rendered(style) }
    }

    /// The rows and key bindings of `presentation` in this renderer's locale.
    public func choices(_ presentation: Presentation) -> ChoiceResolver {
        ChoiceResolver(presentation, catalog: context.catalog, locale: context.locale)
    }

    /// The input prompt, without a newline: `Choose [1-2, R, C, Esc]: `.
    public func prompt(_ presentation: Presentation) -> String {
        "\(string("resolver.choose")) [\(choices(presentation).keys.joined(separator: ", "))]: "
    }

    /// Whether the title is shown, following `titleVisibility` as documented on the type.
    public static func showsTitle(_ presentation: Presentation) -> Bool {
        switch presentation.titleVisibility {
        case .visible: true
        case .hidden: false
        case .automatic: presentation.kind == .alert || presentation.message != nil
        }
    }

    /// `removeDownload · 2 min ago`; the job id stands in when the operation is unknown.
    func header(_ presentation: Presentation) -> String {
        "\(context.operation ?? presentation.job) · \(age(since: presentation.createdAt))"
    }

    /// How long ago `date` was, in whole seconds, minutes, hours or days; a date in the future is "just now".
    func age(since date: Date) -> String {
        let seconds = Int(context.now.timeIntervalSince(date).rounded(.down))
        return switch seconds {
        case ..<5: string("resolver.age.now")
        case ..<60: string("resolver.age.seconds", seconds)
        case ..<3_600: string("resolver.age.minutes", seconds / 60)
        case ..<86_400: string("resolver.age.hours", seconds / 3_600)
        default: string("resolver.age.days", seconds / 86_400)
        }
    }

    /// A resolver string from the catalog in this renderer's locale.
    func string(_ key: String, _ arguments: any CustomStringConvertible...) -> String {
        context.catalog.string(key, arguments.map(\.description), locale: context.locale)
    }
}
