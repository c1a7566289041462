import Foundation

extension WebhookSubscribers {
    /// One entry of the subscribers file: `{"url", "secret", "events": [...]}`; `events` is optional.
    private struct Entry: Decodable {
        let url: String
        let secret: String
        let events: [String]?
    }

    /// The subscribers listed in `path`; none when the file does not exist.
    static func load(file path: String) throws(WebhookSubscriberError) -> [WebhookSubscriber] {
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path) else { return [] }
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw WebhookSubscriberError(
                code: .invalidFile, entry: path,
                detail: "expected [{\"url\", \"secret\", \"events\": [...]}]: \(Self.reason(error))")
        }
        return try entries.enumerated().map { (offset, entry) throws(WebhookSubscriberError) in
            try subscriber(
                url: entry.url, secret: entry.secret, events: entry.events ?? defaultEvents,
                origin: "\(path) entry \(offset + 1)")
        }
    }

    /// A short reason that never quotes the file's content (it holds secrets).
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "missing \"\(key.stringValue)\" at \(path(context))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at \(path(context))"
        case DecodingError.dataCorrupted: "not valid JSON"
        default: "cannot read the file (\((error as NSError).localizedDescription))"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the top level" : path
    }
}
