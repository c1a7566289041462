import Presentation
import Wire

extension ResolverSession {
    /// One event, in sequence order: a new question is added, a resolved one closed.
    mutating func apply(_ event: Event) -> [SessionAction] {
        switch event.type {
        // An escalated question may be new to who resolves here; one shown already is not added twice.
        case .presentationPending, .presentationEscalated:
            guard let presentation = event.presentation else { return [] }
            return add(PendingEntry(presentation, operation: event.job?.operation))
        case .presentationResolved:
            guard let resolution = event.resolution else { return [] }
            return close(resolution.presentation, resolution: resolution)
        case .jobSucceeded, .jobFailed, .jobCancelled:
            // A job that ended asks nothing more: no place is kept for it.
            if let job = event.job?.id { letGo(job) }
            return []
        case .presentationApproved:
            guard let progress = event.approvals else { return [] }
            return update(pending.entry(progress.presentation)?.approved(progress))
        case .jobQueued, .heartbeat, .presentationReminder, .operationAnnounced:
            // A job that ends first resolves its question (withdrawn), which is its own event; a
            // reminder is about a question the resolver already shows or lists.
            return []
        }
    }

    /// Adds a question not seen before (and, with `once`, listed by the first snapshot).
    mutating func add(_ entry: PendingEntry) -> [SessionAction] {
        guard !finished.contains(entry.id), scope?.contains(entry.id) ?? true, answering?.id != entry.id else { return [] }
        let added = place(for: entry).map { pending.insert(entry, at: $0) } ?? pending.add(entry)
        guard added, announced.insert(entry.id).inserted else { return [] }
        return [.presented(entry)]
    }

    /// Takes a newer copy of a pending entry (its approvals changed), also where it is shown or being answered.
    mutating func update(_ entry: PendingEntry?) -> [SessionAction] {
        guard let entry, let old = pending.entry(entry.id), old != entry else { return [] }
        pending.replace(entry)
        if shown?.id == entry.id { shown = entry }
        if answering?.id == entry.id { answering = entry }
        return [.approved(entry)]
    }

    /// Where a new question goes out of age order: the place of its job's question we are answering or
    /// just answered (the job asks again, as after Try Again); nil for age order.
    private mutating func place(for entry: PendingEntry) -> Int? {
        let job = entry.presentation.job
        if let answering, answering.presentation.job == job { return pending.index(of: answering.id) ?? answeredIndex }
        guard let holding, holding.job == job else { return nil }
        self.holding = nil
        return holding.index
    }

    /// Ends a question; while our answer to it is in flight, the reply decides what to say.
    mutating func close(_ id: String, resolution: Resolution?) -> [SessionAction] {
        if answering?.id == id {
            answeredIndex = pending.index(of: id) ?? answeredIndex
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
