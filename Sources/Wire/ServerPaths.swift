/// Absolute server paths taken out of the job errors the gateway shows its callers and sends its webhook
/// subscribers, who need not learn the server's folders: `/srv/interlude/library/downloads` reads `…/downloads`.
/// The server's own view keeps them whole (`interlude status`, the journal, the logs).
public enum ServerPaths {
    /// Where a path may start: the text's start or one of these before its `/` (so URLs keep theirs).
    private static let before: Set<Character> = [" ", "\t", "\n", "\"", "'", "(", "[", "<", "=", "“", "‘"]
    /// Where a path ends.
    private static let after: Set<Character> = [" ", "\t", "\n", "\"", "'", ")", "]", ">", ",", ";", "”", "’"]

    /// `text` with every absolute path of two components or more shortened to `…/` and its last component.
    public static func redacted(_ text: String) -> String {
        guard text.contains("/") else { return text }
        let characters = Array(text)
        var output = ""
        var index = 0
        while index < characters.count {
            guard characters[index] == "/", index == 0 || before.contains(characters[index - 1]) else {
                output.append(characters[index])
                index += 1
                continue
            }
            var end = index
            while end < characters.count, !after.contains(characters[end]) { end += 1 }
            var path = String(characters[index..<end])
            var punctuation = ""
            while let last = path.last, last == ":" || last == "." {
                punctuation = String(last) + punctuation
                path.removeLast()
            }
            let components = path.split(separator: "/")
            output += components.count >= 2 ? "…/" + components[components.count - 1] : path
            output += punctuation
            index = end
        }
        return output
    }

    /// The failure with its message redacted.
    public static func redacted(_ failure: Job.Failure?) -> Job.Failure? {
        failure.map { Job.Failure(code: $0.code, message: redacted($0.message)) }
    }

    /// The job with its error's message redacted.
    public static func redacted(_ job: Job) -> Job {
        guard job.error != nil else { return job }
        var job = job
        job.error = redacted(job.error)
        return job
    }

    /// The timeline entry with its error's message redacted.
    public static func redacted(_ entry: HistoryEntry) -> HistoryEntry {
        guard entry.error != nil else { return entry }
        var entry = entry
        entry.error = redacted(entry.error)
        return entry
    }

    /// The summary with its error's message redacted.
    public static func redacted(_ job: JobSummary) -> JobSummary {
        guard job.error != nil else { return job }
        return JobSummary(
            id: job.id, operation: job.operation, state: job.state, attempts: job.attempts, updatedAt: job.updatedAt, result: job.result,
            error: redacted(job.error), outcome: job.outcome)
    }

    /// The event with its job's error redacted; nil when that changes nothing (the event goes out as it is).
    public static func redacted(_ event: Event) -> Event? {
        guard let job = event.job, let error = job.error, redacted(error.message) != error.message else { return nil }
        return Event(
            sequence: event.sequence, type: event.type, at: event.at, job: redacted(job), presentation: event.presentation,
            resolution: event.resolution)
    }
}
