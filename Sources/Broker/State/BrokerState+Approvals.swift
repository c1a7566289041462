import Foundation
import Log
import Presentation
import Wire

extension BrokerState {
    /// One approval short of the number its action needs: journaled with the others so far, on the job's
    /// timeline, published as `presentation.approved`, and answered with the question as it stands.
    mutating func approved(
        _ jobID: String, _ progress: ApprovalProgress, client: PeerID, correlation: String, now: Date
    ) -> [BrokerEffect] {
        guard let active = jobs[jobID], let question = active.slot.current, let approval = progress.approvals.last else { return [] }
        let state = BrokerReply.PresentationState(
            presentation: question, resolution: nil, operation: active.job.operation, approvals: active.slot.approvals)
        return [
            .persist(.approve(presentation: question.id, active.slot.approvals)),
            history(jobID, .approved(approval, of: question.id)),
            event(.presentationApproved, active.job, at: now, approvals: progress),
            .log(
                .info, "\(question.id) approved by \(approval.by) (\(approval.channel)) for \(approval.action): \(progress)",
                LogSubject(job: jobID, presentation: question.id, operation: active.job.operation)),
            .reply(to: client, correlation: correlation, .presentation(state)),
        ]
    }
}
