import Foundation
import Presentation
import Wire

extension InMemoryJobBackend {
    /// Applies a scripted response to the slot, as the broker applies a person's answer or a timeout.
    static func resolve(
        _ presentation: Presentation, _ response: ScriptedResponse, in slot: inout PresentationSlot, at now: Date
    ) throws(WireError) -> Resolution {
        // Withdrawn by the operation while the responder was deciding: that resolution stands.
        if let earlier = slot.resolutions[presentation.id] { return earlier }
        do {
            switch response {
            case .answer(let action):
                return try approveFully(presentation, action, values: [:], in: &slot, at: now)
            case .answerWith(let action, let values):
                return try approveFully(presentation, action, values: values, in: &slot, at: now)
            case .dismiss:
                return try slot.dismiss(presentation.id, by: "harness", channel: "test", at: now)
            case .expire:
                if let deadline = presentation.expiresAt, let expired = slot.expire(at: max(now, deadline)) { return expired }
                return expireWithoutDeadline(presentation, in: &slot, at: now)
            case .withdraw:
                guard let withdrawn = slot.withdraw(at: now) else { preconditionFailure("the presentation is pending") }
                return withdrawn
            case .escalate:
                preconditionFailure("escalate is applied before the response it leads to")
            }
        } catch {
            throw WireError(error)
        }
    }

    /// Answers `action` as "harness", then, for an action that needs several people, as "harness-2", "harness-3", …
    /// until it has them all.
    private static func approveFully(
        _ presentation: Presentation, _ action: String, values: [String: String], in slot: inout PresentationSlot, at now: Date
    ) throws(SlotRefusal) -> Resolution {
        var person = 1
        while true {
            let by = person == 1 ? "harness" : "harness-\(person)"
            let answer = Answer(presentation: presentation.id, action: action, by: by, channel: "test", at: now, values: values)
            if case .resolved(let resolution) = try slot.answer(answer) { return resolution }
            person += 1
        }
    }

    /// A draft without `expiresAfter` never expires on its own; a test may still play out the broker's
    /// deadline, which, like every expiry, resolves to the expiry action (the author's `onExpiry`, else the cancel action).
    private static func expireWithoutDeadline(
        _ presentation: Presentation, in slot: inout PresentationSlot, at now: Date
    ) -> Resolution {
        let resolution = Resolution(
            presentation: presentation.id, job: presentation.job, cause: .expired,
            action: presentation.expiryAction?.id, by: nil, channel: nil, at: now)
        slot = PresentationSlot(
            resolutions: Array(slot.resolutions.values) + [resolution], lastSequence: slot.lastSequence)
        return resolution
    }
}
