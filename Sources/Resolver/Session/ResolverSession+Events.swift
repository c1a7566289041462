import Presentation
import Wire

extension ResolverSession {
    /// One event, in sequence order: a new question is added, a resolved one closed.
    mutating func apply(_ event: Event) -> [SessionAction] {
        switch event.type {
        case .presentationPending:
            guard let presentation = event.presentation else { return [] }
            return add(PendingEntry(presentation, operation: event.job?.operation))
        case .presentationResolved:
            guard let resolution = event.resolution else { return [] }
            return close(resolution.presentation, resolution: resolution)
        case .jobQueued, .jobSucceeded, .jobFailed, .jobCancelled, .heartbeat, .presentationReminder, .operationAnnounced:
            // A job that ends first resolves its question (withdrawn), which is its own event; a
            // reminder is about a question the resolver already shows or lists.
            return []
        }
    }

    /// Adds a question not seen before (and, with `once`, listed by the first snapshot).
    mutating func add(_ entry: PendingEntry) -> [SessionAction] {
        guard !finished.contains(entry.id), scope?.contains(entry.id) ?? true, answering?.id != entry.id else { return [] }
        guard pending.add(entry), announced.insert(entry.id).inserted else { return [] }
        return [.presented(entry)]
    }

    /// Ends a question; while our answer to it is in flight, the reply decides what to say.
    mutating func close(_ id: String, resolution: Resolution?) -> [SessionAction] {
        if answering?.id == id {
            endedInFlight = true
            if let resolution { resolvedInFlight = resolution }
            pending.remove(id)
            return []
        }
        guard let entry = pending.remove(id) else { return [] }
        finished.insert(id)
        setAside.remove(id)
        let wasShown = shown?.id == id
        if wasShown { shown = nil }
        return [.closed(entry, resolution: resolution, wasShown: wasShown)]
    }
}
