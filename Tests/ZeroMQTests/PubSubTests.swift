import Foundation
import Testing
import ZeroMQ

@Suite struct PubSubTests {
    @Test func aSubscriberReceivesOnlyMessagesMatchingItsTopicPrefix() throws {
        let context = try Context()
        let publisher = try Socket(context, .pub)
        try publisher.bind("tcp://127.0.0.1:*")
        let subscriber = try Socket(context, .sub)
        try subscriber.subscribe("jobs.")
        try subscriber.connect(publisher.lastEndpoint)

        // PUB drops everything until the subscription reaches it, so keep publishing until one arrives.
        let deadline = ContinuousClock.now.advanced(by: patience)
        var received: [Data]?
        while received == nil, ContinuousClock.now < deadline {
            _ = try publisher.send([Data("news.1"), Data("ignored")])
            _ = try publisher.send([Data("jobs.42"), Data("payload")])
            received = try subscriber.receive(timeout: .milliseconds(50))
        }
        #expect(received == [Data("jobs.42"), Data("payload")])
        while let next = try subscriber.receive() {
            #expect(next[0].starts(with: Data("jobs.")))
        }
    }
}
