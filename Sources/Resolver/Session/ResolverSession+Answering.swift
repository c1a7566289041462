public import Presentation
public import Wire

extension ResolverSession {
    /// The presentation to show: the shown one while it lasts, else the oldest not set aside; `nil`
    /// while an answer is in flight or nothing waits.
    public mutating func showNext() -> PendingEntry? {
        guard answering == nil, holding == nil else { return nil }
        if let shown { return shown }
        shown = pending.entries.first { !setAside.contains($0.id) }
        return shown
    }

    /// Leaves a presentation for someone else: it is not shown again (a policy could not decide it).
    public mutating func setAside(_ id: String) {
        guard pending.contains(id) else { return }
        setAside.insert(id)
        if shown?.id == id { shown = nil }
    }

    /// Our answer to the shown presentation is being sent; until its reply, nothing else is shown.
    public mutating func beginAnswer(_ id: String) {
        guard let shown, shown.id == id else { return }
        answering = shown
        answeredIndex = nil
        endedInFlight = false
        resolvedInFlight = nil
    }

    /// The broker's reply to our answer. Success is claimed only on a `resolution` reply; a refusal
    /// names the winner; no reply at all says nothing about the outcome, so events decide.
    public mutating func answerReplied(_ id: String, _ reply: Result<Resolution, WireError>) -> [SessionAction] {
        guard let entry = answering, entry.id == id else { return [] }
        let (ended, late) = (endedInFlight, resolvedInFlight)
        answering = nil
        endedInFlight = false
        resolvedInFlight = nil
        shown = nil
        switch reply {
        case .success(let resolution):
            let index = pending.index(of: entry.id) ?? answeredIndex ?? 0
            end(entry)
            let asked = pending.entries.contains { $0.presentation.job == entry.presentation.job }
            if !asked, waiting > 0 { holding = Place(job: entry.presentation.job, index: index) }
            return [.answered(entry, resolution)]
        case .failure(let error) where error.code == .alreadyResolved:
            end(entry)
            guard let winner = error.resolution ?? late else { return [.refused(entry, error)] }
            return [.lostRace(entry, error, winner: winner)]
        case .failure(let error) where error.code == .alreadyApproved:
            // This person's approval is recorded (now or before): their part is done, the question waits for others.
            end(entry)
            return [.refused(entry, error)]
        case .failure(let error) where [.stale, .notFound, .unknownAction].contains(error.code):
            end(entry)
            return [.refused(entry, error)] + (ended ? [.closed(entry, resolution: late, wasShown: true)] : [])
        case .failure(let error):
            guard ended else {
                // No verdict and no event: the question stays pending and is shown again until one comes.
                shown = entry
                return [.refused(entry, error)]
            }
            end(entry)
            return [.refused(entry, error), .closed(entry, resolution: late, wasShown: true)]
        }
    }

    private mutating func end(_ entry: PendingEntry) {
        pending.remove(entry.id)
        finished.insert(entry.id)
        setAside.remove(entry.id)
    }
}
