public import Presentation
public import Wire

/// What a `ResolverSession` asks its shell to do or say after an input.
public enum SessionAction: Sendable, Hashable {
    /// A presentation became pending (each one is announced once): log it, emit it as JSON.
    case presented(PendingEntry)
    /// A presentation ended without our answer: answered elsewhere, dismissed, expired or withdrawn.
    /// `resolution` is `nil` when a new snapshot no longer lists it and the cause is unknown; `wasShown`
    /// says whether it was on screen, so its dialog must be closed with a line.
    case closed(PendingEntry, resolution: Resolution?, wasShown: Bool)
    /// A pending presentation's approvals changed (someone approved an action that needs several people):
    /// a dialog showing it is drawn again with them.
    case approved(PendingEntry)
    /// Our answer took effect: the broker replied with this resolution.
    case answered(PendingEntry, Resolution)
    /// Our answer lost the race: someone (or an expiry, a withdrawal) resolved it first; `error` is the refusal.
    case lostRace(PendingEntry, WireError, winner: Resolution)
    /// Our answer was refused for another reason (stale, no reply in time, …); nothing is claimed.
    case refused(PendingEntry, WireError)
}
