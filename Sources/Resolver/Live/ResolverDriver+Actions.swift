import Client
import Foundation
import Presentation
import Wire

extension ResolverDriver {
    /// Performs what the session said, in order.
    func perform(_ actions: [SessionAction]) async {
        for action in actions {
            switch action {
            case .presented(let entry):
                if options.json { output.json(.presented(entry)) }
            case .closed(let entry, let resolution, let wasShown):
                let known = resolution == nil ? await lookUp(entry.id) : resolution
                if options.json { output.json(.closed(entry.id, known)) }
                if wasShown || !options.interactive {
                    tell(entry, known.map { renderer(entry).closingLine($0, presentation: entry.presentation) } ?? text("gone"))
                }
            case .approved(let entry):
                // Someone approved the question on screen: it is drawn again below, with the count and who.
                guard options.interactive, editing == nil, displayed?.id == entry.id else { break }
                output.screen("\r\u{1B}[2K")
                display(entry)
            case .answered(let entry, let resolution):
                if options.json { output.json(.answered(resolution)) }
                tell(entry, renderer(entry).closingLine(resolution, presentation: entry.presentation))
                if let held = session.holding { keepPlace(for: held.job, person: !byPolicy.contains(entry.id)) }
            case .lostRace(let entry, let error, let winner):
                refusals += 1
                if options.json { output.json(.refused(entry.id, error)) }
                tell(entry, renderer(entry).lostRaceLine(winner, presentation: entry.presentation))
            case .refused(let entry, let error):
                refusals += 1
                if options.json { output.json(.refused(entry.id, error)) }
                tell(entry, text(error.code == .alreadyApproved ? "approvalRecorded" : "notAnswered", error.message))
                // Without a person, a question with no verdict is not retried in a loop.
                if !options.interactive { session.setAside(entry.id) }
            }
        }
    }

    /// Shows (or lets the policy decide) the next presentation when nothing is on screen or in flight.
    func advance() {
        guard !quitting, displayed == nil, session.answering == nil else { return }
        while let entry = session.showNext() {
            if let policy = options.policy, decided.insert(entry.id).inserted {
                let evaluation = policy.evaluate(entry.presentation, operation: entry.operation)
                for skipped in evaluation.skipped { output.log("policy: \(entry.id): \(skipped)") }
                if let decision = evaluation.decision {
                    output.log("policy: \(entry.id) (\(entry.operation ?? entry.presentation.job)): \(decision.reason)")
                    byPolicy.insert(entry.id)
                    send(entry, action: decision.action, values: decision.values)
                    return
                }
                output.log("policy: \(entry.id) (\(entry.operation ?? entry.presentation.job)): no rule decides")
            }
            if options.interactive {
                display(entry)
                return
            }
            output.log("\(entry.id): left for a person (interlude answer \(entry.id) <action>)")
            session.setAside(entry.id)
        }
        if options.interactive, !options.once, !idle {
            idle = true
            output.screen("\n\(text("idle"))\n")
        }
    }

    /// Sends our answer; its reply comes back as an input, so events keep flowing meanwhile.
    func send(_ entry: PendingEntry, action: String, values: [String: String]? = nil) {
        session.beginAnswer(entry.id)
        let (client, feed, identity, channel) = (client, feed, options.identity, options.channel)
        Task {
            let reply: Result<Resolution, WireError>
            do throws(WireError) {
                switch try await client.answer(entry.id, action: action, by: identity, channel: channel, values: values) {
                case .resolved(let resolution): reply = .success(resolution)
                // Recorded, and still pending for the others: this person's part is done.
                case .approved(let state):
                    let progress = state.approvalProgress.filter { !$0.approvals.isEmpty }.map(\.description).joined(separator: "; ")
                    reply = .failure(WireError(.alreadyApproved, progress))
                }
            } catch {
                reply = .failure(error)
            }
            feed.yield(.reply(entry.id, reply))
        }
    }

    /// Keeps the answered question's place for its job's next one a moment (a person sees Try Again's
    /// question again where it was, not behind the others); without a person, not at all.
    private func keepPlace(for job: String, person: Bool) {
        guard options.interactive, person else { return session.letGo(job) }
        Task { [feed] in
            try? await Task.sleep(for: ResolverSession.placeKept)
            feed.yield(.letGo(job))
        }
    }

    /// How a presentation that left the snapshot ended, if the broker says.
    private func lookUp(_ id: String) async -> Resolution? {
        try? await client.presentation(id).resolution
    }

    /// An outcome line: under its dialog in a terminal, else `prs_… (operation): line` (a policy's
    /// answers in a terminal, every line without one).
    private func tell(_ entry: PendingEntry, _ line: String) {
        guard options.interactive else {
            if !options.json { output.line(TextRules.escaped("\(entry.id) (\(entry.operation ?? entry.presentation.job)): \(line)")) }
            return
        }
        if displayed?.id == entry.id {
            output.screen("\n")
            displayed = nil
            editing = nil
        }
        output.line(TextRules.escaped(lastShown == entry.id ? line : "\(entry.id) (\(entry.operation ?? entry.presentation.job)): \(line)"))
    }

    /// A live-resolver sentence in this run's locale.
    func text(_ key: String, _ arguments: String...) -> String {
        SessionText.string(key, arguments, locale: options.locale)
    }
}
