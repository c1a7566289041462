import Client
import Foundation
import Wire

extension Sandbox {
    /// Every journaled event so far, read with the client library (the CLI has no command for them).
    func journalEvents() async throws -> [Event] {
        let client = try BrokerConnection(.init(clients: clients)).client
        defer { client.close() }
        var events: [Event] = []
        var after: Int64 = 0
        while true {
            let page = try await client.events(after: after, limit: 500)
            events += page.events
            guard let last = page.events.last?.sequence, last < page.last else { return events }
            after = last
        }
    }

    /// How many questions the journal says were asked for `job`.
    func questionsAsked(for job: String) async throws -> Int {
        try await journalEvents().filter { $0.type == .presentationPending && $0.job?.id == job }.count
    }
}
