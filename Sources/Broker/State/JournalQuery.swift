public import Wire

/// A client's request the state machine leaves to the journal, answered after the turn's commit: only
/// requests that can be, so the loop has no arm for one it cannot answer.
public enum JournalQuery: Sendable, Hashable {
    /// A job the state machine does not hold, or one asked for with its history.
    case status(ClientRequest.StatusQuery)
    /// A page of jobs.
    case jobs(ClientRequest.ListJobs)
    /// A presentation that is not pending.
    case presentation(ClientRequest.PresentationRef)
    /// An answer to a presentation that is not pending: a refusal naming why.
    case answer(ClientRequest.AnswerRequest)
    /// A cancel of a job that is not active: a refusal naming why.
    case cancel(ClientRequest.JobRef)
    /// A page of events.
    case events(ClientRequest.EventsSince)
    /// Counts for monitoring.
    case stats
    /// A page of a job's timeline.
    case history(ClientRequest.HistoryQuery)
}
