public import Presentation

extension TerminalRenderer {
    /// The line that closes a shown presentation when it ends: `answered by ana (cli) with Remove`,
    /// `dismissed by ana (web)`, `expired`, `withdrawn`; actions are named by their label in this locale.
    public func closingLine(_ resolution: Resolution, presentation: Presentation?) -> String {
        switch resolution.cause {
        case .answered:
            string("resolver.answered", who(resolution), actionLabel(resolution.action, in: presentation))
        case .dismissed:
            string("resolver.dismissed", who(resolution))
        case .expired:
            string("resolver.expired")
        case .withdrawn:
            string("resolver.withdrawn")
        }
    }

    /// The line for an answer that lost the race: `Someone else answered first: ana (cli) → Remove`,
    /// or `Too late: expired` when the presentation ended without an answer.
    public func lostRaceLine(_ winner: Resolution, presentation: Presentation?) -> String {
        guard winner.cause == .answered else {
            return string("resolver.tooLate", closingLine(winner, presentation: presentation))
        }
        return string("resolver.lostRace", "\(who(winner)) → \(actionLabel(winner.action, in: presentation))")
    }

    /// `ana (cli)`: who answered, and through which channel when known.
    private func who(_ resolution: Resolution) -> String {
        let by = resolution.by ?? "?"
        return resolution.channel.map { "\(by) (\($0))" } ?? by
    }

    /// The action's label in this locale, or its id when the presentation is not at hand.
    private func actionLabel(_ id: String?, in presentation: Presentation?) -> String {
        guard let id else { return "—" }
        return presentation?.action(id).map { context.catalog.label(of: $0, locale: context.locale) } ?? id
    }
}
