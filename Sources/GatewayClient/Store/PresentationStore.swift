import Foundation
public import Observation
public import Presentation
import Wire

/// The pending questions the signed-in person may answer, for an app to show one at a time: `current` is
/// the one to show (nil: show nothing), `queue` the ones behind it, oldest first.
///
/// `run()` follows the gateway (a snapshot, then its events, the stream resumed after a drop); a question
/// answered elsewhere, withdrawn or expired leaves at once and the next one becomes `current`. `answer`
/// and `dismiss` resolve `current`; an answer that lost the race throws the `GatewayClientError` that names the
/// winner, and `ended` says how the question ended either way when it was not this store's answer.
@MainActor @Observable public final class PresentationStore {
    /// The question to show, or nil when there is none.
    public private(set) var current: Presentation?
    /// The questions waiting behind `current`, oldest first.
    public private(set) var queue: [Presentation] = []
    /// How the last question this store held ended when it did not end by this store's answer: someone
    /// else's answer (who, and with what), a withdrawal or an expiry.
    public private(set) var ended: Resolution?
    /// Who the token says is answering, once `run()` has asked.
    public private(set) var caller: GatewayCaller?
    /// Why `run()` stopped following, when the gateway refused it (a revoked token, say).
    public private(set) var problem: GatewayClientError?

    @ObservationIgnored private let client: GatewayClient
    @ObservationIgnored private let backoff: GatewayClient.Backoff
    @ObservationIgnored private var questions: PendingQuestions?
    /// The question this store's answer is in flight for: its resolution arriving first is not news.
    @ObservationIgnored private var answering: String?

    /// A store of the questions `client`'s token may answer; `backoff` paces reconnecting after a drop.
    public init(client: GatewayClient, backoff: GatewayClient.Backoff = GatewayClient.Backoff()) {
        self.client = client
        self.backoff = backoff
    }

    /// Follows the gateway until the calling task is cancelled or the gateway refuses the token (`problem`).
    /// A first snapshot that cannot be taken is retried after the backoff.
    public func run() async {
        var delay = backoff.first
        while !Task.isCancelled {
            do throws(GatewayClientError) {
                let caller = try await client.me()
                let snapshot = try await client.allPending(mine: true)
                self.caller = caller
                var questions = PendingQuestions(caller: caller)
                questions.start(snapshot.presentations)
                self.questions = questions
                publish()
                try await follow(after: snapshot.sequence)
                return
            } catch  where error.status == 0 || error.status >= 500 {
                guard (try? await Task.sleep(for: delay)) != nil else { return }
                delay = min(delay * 2, backoff.maximum)
            } catch {
                problem = error
                return
            }
        }
    }

    /// Answers `current` with `action` (one of its actions) and the text fields' `values`, then moves on.
    @discardableResult
    public func answer(_ action: Action, values: [String: String] = [:]) async throws(GatewayClientError) -> Resolution {
        let shown = try showing()
        return try await resolve(shown) { [client] () async throws(GatewayClientError) -> Resolution in
            try await client.answer(shown.id, action: action.id, values: values)
        }
    }

    /// Dismisses `current` without choosing (its cancel action, if it has one), then moves on.
    @discardableResult
    public func dismiss() async throws(GatewayClientError) -> Resolution {
        let shown = try showing()
        return try await resolve(shown) { [client] () async throws(GatewayClientError) -> Resolution in try await client.dismiss(shown.id) }
    }

    private func showing() throws(GatewayClientError) -> Presentation {
        guard let current else { throw GatewayClientError(status: 0, code: "nothingShown", message: "There is no question to answer.") }
        return current
    }

    /// Sends the answer; win or lose, the question leaves and the next is shown.
    private func resolve(_ shown: Presentation, _ call: () async throws(GatewayClientError) -> Resolution) async throws(GatewayClientError) -> Resolution {
        answering = shown.id
        defer { answering = nil }
        do throws(GatewayClientError) {
            let resolution = try await call()
            questions?.end(shown.id)
            publish()
            return resolution
        } catch {
            if error.status == 409 || error.status == 404 {
                if let winner = error.resolution { ended = winner }
                questions?.end(shown.id)
                publish()
            }
            throw error
        }
    }

    private func follow(after sequence: Int64) async throws(GatewayClientError) {
        do {
            for try await event in client.events(after: sequence, backoff: backoff) {
                if let ending = questions?.receive(event), ending.0.id != answering { ended = ending.1 }
                publish()
            }
        } catch let error as GatewayClientError {
            throw error
        } catch {
            throw GatewayClientError(status: 0, code: GatewayClientError.unreachable, message: "\(error)")
        }
    }

    /// Shows what the machine holds, touching only what changed so observers are told only of changes.
    private func publish() {
        let held = questions?.questions ?? []
        if current != held.first { current = held.first }
        let rest = Array(held.dropFirst())
        if queue != rest { queue = rest }
    }
}
