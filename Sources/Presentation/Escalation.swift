public import Foundation

/// A question's wider audience after a delay: once `afterSeconds` have passed since it was asked and it still
/// waits, the people of `to` may answer it too, beside its first audience.
public struct Escalation: Sendable, Hashable, CustomStringConvertible {
    /// Seconds after the question is asked that its audience widens.
    public let afterSeconds: Int
    /// Who is added to the audience.
    public let to: Audience

    /// An escalation to `to` after `afterSeconds` seconds.
    public init(afterSeconds: Int, to: Audience) {
        self.afterSeconds = afterSeconds
        self.to = to
    }

    /// `after 7200 s to groups leads`.
    public var description: String { "after \(afterSeconds) s to \(to)" }

    /// The problem with the escalation, or nil: a delay of 1 second to a year, and a valid audience.
    public var problem: String? {
        guard (1...31_622_400).contains(afterSeconds) else {
            return "an escalation's afterSeconds must be from 1 to 31622400 (a year), got \(afterSeconds)"
        }
        return to.problem.map { "escalation: \($0)" }
    }
}

extension Audience {
    /// Everyone in this audience or in `other`, each name once, this audience's first.
    public func union(_ other: Audience) -> Audience {
        Audience(users: users + other.users.filter { !users.contains($0) }, groups: groups + other.groups.filter { !groups.contains($0) })
    }
}

extension Presentation {
    /// When the question's audience widens, while it has not yet; nil without an escalation, once escalated,
    /// or without an audience (anyone may answer already: there is no one to add).
    public var escalatesAt: Date? {
        guard let escalation, escalatedAt == nil, audience != nil else { return nil }
        return createdAt.addingTimeInterval(TimeInterval(escalation.afterSeconds))
    }

    /// The same question with its audience widened by its escalation at `now`; nil if it has no escalation
    /// due by then, or has escalated already (an escalation happens once).
    public func escalated(at now: Date) -> Presentation? {
        guard let escalation, let due = escalatesAt, due <= now, let audience else { return nil }
        var widened = self
        widened.audience = audience.union(escalation.to)
        widened.escalatedAt = now
        return widened
    }
}
