import Foundation
import Presentation
import Wire

extension BrokerState {
    /// Widens the audience of each pending question whose escalation is due, once: the widened question is
    /// journaled in place of the first, recorded in the job's timeline and announced by `presentation.escalated`
    /// carrying it; O(log n) each.
    mutating func escalate(now: Date) -> [BrokerEffect] {
        var effects: [BrokerEffect] = []
        while let first = escalations.first, first.at <= now {
            escalations.popFirst()
            guard let jobID = pendingIndex.jobs[first.payload], var active = jobs[jobID] else { continue }
            var slot = active.slot
            guard let widened = slot.escalate(first.payload, at: now) else { continue }
            active.slot = slot
            active.job.updatedAt = now
            active.shareQuestion(&sharedContents, texts: &sharedTexts)
            jobs[jobID] = active
            effects += [
                .persist(.escalate(widened)), save(active), escalatedLine(widened, operation: active.operation),
                history(jobID, .escalated(widened)), event(.presentationEscalated, active.job, at: now, presentation: widened),
            ]
        }
        if escalations.count > 2 * pendingIndex.count + 1024 { escalations.filter { pendingIndex.jobs[$0.payload] != nil } }
        return effects
    }

    /// Schedules the escalation of a pending presentation, if it has one still to come.
    mutating func scheduleEscalation(of presentation: Presentation) {
        guard let at = presentation.escalatesAt else { return }
        escalations.push(at, presentation.id)
    }
}
