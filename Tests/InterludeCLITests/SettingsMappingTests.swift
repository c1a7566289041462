import Client
import Configuration
import Foundation
import Gateway
import SQLite
import Testing
import Webhooks
import Wire

@testable import InterludeCLI

/// The command maps `Settings` to each component's own options; the components never see `Settings`.
@Suite struct SettingsMappingTests {
    @Test func theGatewaysOptionsComeFromItsSettings() throws {
        var settings = Settings()
        settings.http = "127.0.0.1:9090"
        settings.httpConnectionLimit = 12
        settings.httpIdleTimeoutSeconds = 8
        settings.clients = "tcp://127.0.0.1:6570"
        settings.requestTimeoutMs = 700
        settings.maxMessageBytes = 2 << 20
        settings.tokens = "ci:t0ken-value:submit+read"
        settings.tokensFile = "/nonexistent/tokens.json"
        let configuration = try settings.gatewayConfiguration()
        #expect(configuration.host == "127.0.0.1" && configuration.port == 9090)
        #expect(configuration.connectionLimit == 12 && configuration.idleTimeout == .seconds(8))
        #expect(configuration.eventHeartbeat == .seconds(4), "twice per idle timeout")
        #expect(configuration.broker.clients == "tcp://127.0.0.1:6570" && configuration.broker.requestTimeout == .milliseconds(700))
        #expect(configuration.limits == settings.messageLimits && configuration.maxBodyBytes == settings.messageLimits.httpBodyBytes)
        #expect(configuration.tokens.count == 1)
        #expect(configuration.eventSilence == .seconds(3), "heartbeatMs × liveness, at least 3 s")
    }

    @Test func aGatewayAddressThatIsNoHostAndPortIsRefused() {
        var settings = Settings()
        settings.http = "nowhere"
        #expect(throws: GatewayError.self) { try settings.gatewayConfiguration() }
    }

    @Test func theWebhooksOptionsAndSubscribersComeFromTheirSettings() throws {
        var settings = Settings()
        try settings.set("synchronous", .string("normal"), source: "test")
        settings.data = "/tmp/interlude-data"
        settings.webhookMaxAttempts = 3
        settings.webhookBackoffMs = 250
        settings.webhookInFlight = 2
        settings.http = "127.0.0.1:9191"
        settings.webhooksFile = "/nonexistent/webhooks.json"
        let options = settings.webhookOptions
        #expect(options.folder.path == "/tmp/interlude-data" && options.synchronous == .normal)
        #expect(options.maxAttempts == 3 && options.backoff == .milliseconds(250) && options.inFlight == 2)
        #expect(options.publicURL == "http://127.0.0.1:9191", "an empty publicUrl means the gateway's own address")
        settings.publicUrl = "https://interlude.example/"
        #expect(settings.webhookOptions.publicURL == "https://interlude.example")
        #expect(try settings.webhookSubscribers().all.isEmpty)
        #expect(Settings().webhookEvents == WebhookSubscribers.defaultEvents.joined(separator: ","), "one default list of event types")
    }
}
