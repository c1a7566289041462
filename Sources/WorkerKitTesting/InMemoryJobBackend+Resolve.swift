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
                let answer = Answer(presentation: presentation.id, action: action, by: "harness", channel: "test", at: now)
                return try slot.answer(answer)
            case .answerWith(let action, let values):
                let answer = Answer(presentation: presentation.id, action: action, by: "harness", channel: "test", at: now, values: values)
                return try slot.answer(answer)
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

    /// A draft without `expiresAfter` never expires on its own; a test may still play out the broker's
    /// deadline, which, like every expiry, resolves to the cancel action.
    private static func expireWithoutDeadline(
        _ presentation: Presentation, in slot: inout PresentationSlot, at now: Date
    ) -> Resolution {
        let resolution = Resolution(
            presentation: presentation.id, job: presentation.job, cause: .expired,
            action: presentation.cancelAction?.id, by: nil, channel: nil, at: now)
        slot = PresentationSlot(
            resolutions: Array(slot.resolutions.values) + [resolution], lastSequence: slot.lastSequence)
        return resolution
    }
}
