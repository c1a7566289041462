extension Job {
    /// The same job with `operation` as the caller's copy of the same name, so that many jobs of one
    /// operation keep one copy of it; a different name is not taken.
    public func sharing(operation name: String) -> Job {
        guard name == operation else { return self }
        var copy = Job(
            id: id, operation: name, input: input, phase: phase, presentation: presentation, result: result, error: error,
            progress: progress, attempts: attempts, createdAt: createdAt, updatedAt: updatedAt)
        copy.redispatches = redispatches
        copy.outcome = outcome
        copy.answerWithin = answerWithin
        copy.audience = audience
        return copy
    }
}
