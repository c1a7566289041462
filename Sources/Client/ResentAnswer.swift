import Foundation
import Presentation
import Wire

/// What a resent answer's refusal means: a broker that stopped (or froze) after committing an answer,
/// but before its reply left, leaves the client to send the answer again to the next broker, which
/// finds the question resolved — by this very answer. That refusal is the answer's success.
enum ResentAnswer {
    /// The reply to give the caller instead of `refusal` when the request in `frames` is an answer
    /// that `refusal` (an `alreadyResolved`) shows was recorded as sent; nil to pass the refusal on.
    static func reply(to frames: [Data], refusal: WireError, correlation: String, limits: MessageLimits) -> Frames.Envelope? {
        guard refusal.code == .alreadyResolved, let resolution = refusal.resolution,
            case .answer(let answer)? = try? Frames.decode(frames, as: ClientRequest.self, limits: limits).message,
            records(resolution, answer)
        else { return nil }
        return try? Frames.envelope(Frames.encode(BrokerReply.resolution(resolution), correlation: correlation), limits: limits)
    }

    /// Whether `resolution` is `answer`'s own: the same question, answerer, channel, choice and text
    /// values. An answer without a name (a key's name is recorded instead) cannot be told from another's.
    static func records(_ resolution: Resolution, _ answer: ClientRequest.AnswerRequest) -> Bool {
        // One approval among several is its own when the approvers listed hold it.
        if resolution.presentation == answer.presentation, !answer.by.isEmpty, resolution.by != answer.by, answer.dismiss != true,
            resolution.approvals?.contains(where: { $0.by == answer.by && $0.channel == answer.channel && $0.action == answer.action }) == true
        {
            return true
        }
        guard resolution.presentation == answer.presentation, !answer.by.isEmpty, resolution.by == answer.by,
            resolution.channel == answer.channel
        else { return false }
        let chosen = answer.dismiss == true ? resolution.cause == .dismissed : resolution.cause == .answered && resolution.action == answer.action
        let values = answer.values ?? [:]
        return chosen && (resolution.values ?? [:]).allSatisfy { values[$0.key] == $0.value }
    }
}
