import JSON
import Presentation
import Testing
import Wire

@testable import Client

@Suite("A submit as the client sends it") struct SubmitPreparationTests {
    let submit = ClientRequest.Submit(
        operation: "removeDownload", input: .object(["trackID": .string("t-101")]), answerWithin: 1_800,
        audience: Audience(groups: ["ops"]))

    @Test("Given several brokers, a keyless submit gets a key and keeps its input, deadline and audience")
    func aKeylessSubmitKeepsEveryField() throws {
        guard case .submit(let sent) = BrokerClient.prepared(.submit(submit), severalBrokers: true) else {
            Issue.record("the submit became another request")
            return
        }
        let key = try #require(sent.idempotencyKey)
        #expect(key.hasPrefix("retry"))
        var expected = submit
        expected.idempotencyKey = key
        #expect(sent == expected)
    }

    @Test("A submit with a key, or given one broker, is sent as it is")
    func otherwiseUnchanged() {
        var keyed = submit
        keyed.idempotencyKey = "mine"
        #expect(BrokerClient.prepared(.submit(keyed), severalBrokers: true) == .submit(keyed))
        #expect(BrokerClient.prepared(.submit(submit), severalBrokers: false) == .submit(submit))
        #expect(BrokerClient.prepared(.stats, severalBrokers: true) == .stats)
    }
}
