import JSON
import Presentation

extension Job {
    /// The same job without its bulky values (input, result, the question's item): what a listing
    /// shows of a job too large to travel whole (one journaled before sizes were limited).
    public func trimmed() -> Job {
        var job = Job(
            id: id, operation: operation, input: .null, phase: phase, presentation: presentation?.trimmed(),
            result: result == nil ? nil : .null, error: error, progress: progress, attempts: attempts,
            createdAt: createdAt, updatedAt: updatedAt)
        job.redispatches = redispatches
        return job
    }
}

extension Event {
    /// The same event with its job's result and its presentation trimmed.
    public func trimmed() -> Event {
        Event(
            sequence: sequence, type: type, at: at, job: job?.trimmed(), presentation: presentation?.trimmed(),
            resolution: resolution)
    }
}
