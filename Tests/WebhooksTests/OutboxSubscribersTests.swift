import Foundation
import Testing
import Wire

@testable import Webhooks

/// Loading and validating the configured webhook endpoints.
@Suite struct OutboxSubscribersTests {
    private let secret = WebhookSecret.generate().exported

    /// The subscribers configured as `webhookUrl` (with a secret when set), `webhookEvents` (the default list) and `webhooksFile`.
    private func subscribers(url: String = "", events: String? = nil, file: String = "/nonexistent/webhooks.json") throws(WebhookSubscriberError)
        -> WebhookSubscribers
    {
        try WebhookSubscribers(
            url: url, secret: url.isEmpty ? "" : secret, events: events ?? WebhookSubscribers.defaultEvents.joined(separator: ","), file: file)
    }

    private func file(_ json: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("webhooks-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test func theEnvironmentSubscriberAndTheFileEntriesAreLoadedInOrder() throws {
        let path = try file(
            """
            [{"url": "https://a.example/hook", "secret": "\(secret)", "events": ["job.failed"]},
             {"url": "http://127.0.0.1:9000/", "secret": "\(secret)"}]
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let subscribers = try self.subscribers(url: "https://env.example/in", events: " presentation.pending , job.succeeded", file: path)
        #expect(subscribers.all.map(\.url.absoluteString) == ["https://env.example/in", "https://a.example/hook", "http://127.0.0.1:9000/"])
        #expect(subscribers.all[0].events == [.presentationPending, .jobSucceeded])
        #expect(subscribers.all[1].events == [.jobFailed])
        #expect(subscribers.all[2].events == [.presentationPending, .presentationResolved, .jobSucceeded, .jobFailed, .jobCancelled])
        #expect(subscribers.all[1].origin == "\(path) entry 1")
        #expect(subscribers.subscriber(key: subscribers.all[2].key)?.origin == "\(path) entry 2")
    }

    @Test func noURLAndNoFileMeansNoSubscribers() throws {
        #expect(try subscribers().all.isEmpty)
    }

    @Test(arguments: [
        ("ftp://files.example/hook", WebhookSubscriberError.Code.unsupportedScheme),
        ("file:///etc/passwd", .invalidURL),
        ("not a url", .invalidURL),
        ("https:///nohost", .invalidURL),
    ])
    func onlyHTTPAndHTTPSURLsWithAHostAreAccepted(url: String, code: WebhookSubscriberError.Code) {
        #expect(throws: WebhookSubscriberError(code: code, entry: "webhookUrl", detail: "\"\(url)\"")) {
            try subscribers(url: url)
        }
    }

    @Test func anUnknownEventTypeIsNamedWithItsEntry() {
        #expect {
            try subscribers(url: "https://a.example/", events: "presentation.pending,job.exploded")
        } throws: { error in
            let error = error as? WebhookSubscriberError
            return error?.code == .unknownEventType && error?.description.contains("webhookUrl: unknown event type \"job.exploded\"") == true
        }
    }

    @Test func aBadSecretInTheFileIsRefusedWithoutQuotingIt() throws {
        let path = try file(#"[{"url": "https://a.example/", "secret": "whsec_!!notbase64!!"}]"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try subscribers(file: path)
        } throws: { error in
            let error = error as? WebhookSubscriberError
            return error?.code == .invalidSecret && error?.entry == "\(path) entry 1"
                && error?.description.contains("notbase64") == false
        }
    }

    @Test func aMalformedFileAndADuplicateURLAreRefused() throws {
        let malformed = try file(#"[{"url": "https://a.example/"}]"#)
        let duplicate = try file(#"[{"url": "https://a.example/", "secret": "\#(secret)"}]"#)
        defer {
            try? FileManager.default.removeItem(atPath: malformed)
            try? FileManager.default.removeItem(atPath: duplicate)
        }
        #expect {
            try subscribers(file: malformed)
        } throws: { error in
            (error as? WebhookSubscriberError)?.description.contains("missing \"secret\" at [0]") == true
        }
        #expect(throws: WebhookSubscriberError(code: .duplicateURL, entry: "\(duplicate) entry 1", detail: "same URL as webhookUrl")) {
            try subscribers(url: "https://a.example/", file: duplicate)
        }
    }

    @Test func aSubscriberDescriptionShowsNeitherPathNorSecret() throws {
        let subscriber = try #require(
            try subscribers(url: "https://hooks.example:8443/T0/B0/s3cr3t?token=x").all.first)
        #expect(subscriber.description == "webhookUrl (https://hooks.example:8443/…)")
    }
}
