import Client
import Foundation
import JSON
import Presentation
import Wire

extension Sandbox {
    /// A client of this sandbox's broker, for what would take too many CLI runs (hundreds of submits).
    func client(limits: MessageLimits = .standard) throws -> BrokerClient {
        try BrokerConnection(.init(clients: clients, events: events, limits: limits)).client
    }

    /// Submits `count` `removeDownload` jobs whose titles are `titleLength` characters long, a few at a
    /// time, and waits until every one of them waits on its question.
    func waitingDownloads(_ count: Int, titleLength: Int) async throws {
        let client = try client()
        defer { client.close() }
        let title = String(repeating: "T", count: titleLength)
        var index = 0
        while index < count {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for offset in index..<min(count, index + 50) {
                    group.addTask {
                        let input = RawJSON.object(["trackID": .string("t-101"), "title": .string(title + " \(offset)")])
                        _ = try await client.submit("removeDownload", input: input)
                    }
                }
                try await group.waitForAll()
            }
            index += 50
        }
        _ = try await eventually("\(count) questions to be pending", timeout: .seconds(60), poll: .milliseconds(200)) {
            try await client.stats().pending >= count ? true : nil
        }
    }

    /// Writes `text` to a file in the sandbox and returns `@path`, for `--input @FILE`.
    func inputFile(_ name: String, _ text: String) throws -> String {
        let file = root.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return "@" + file.path
    }
}

/// A JSON input for `noop` whose encoding takes about `bytes` bytes.
func paddedInput(_ bytes: Int) -> String {
    #"{"padding":""# + String(repeating: "p", count: max(0, bytes - 14)) + #""}"#
}
