import Foundation
import Testing
import ZeroMQ

@Suite struct SocketTests {
    let context: Context
    init() throws { context = try Context() }

    @Test func aDealerAndRouterExchangeMultipartMessagesWithEmptyAndLargeFrames() throws {
        let (router, dealer) = try routerAndDealer(in: context)
        #expect(try router.lastEndpoint.hasPrefix("tcp://127.0.0.1:"))
        #expect(try !router.lastEndpoint.hasSuffix(":*"))
        let frames = [Data(), Data("hello"), Data(), Data(repeating: 0xAB, count: 1 << 20)]

        #expect(try dealer.send(frames, timeout: patience))
        let request = try #require(try router.receive(timeout: patience))
        #expect(request == [Data("dealer-1")] + frames)

        #expect(try router.send([request[0]] + frames.reversed(), timeout: patience))
        #expect(try dealer.receive(timeout: patience) == frames.reversed())
    }

    @Test func aMandatoryRouterThrowsHostUnreachableForAnUnknownIdentity() throws {
        let router = try Socket(context, .router)
        try router.setRouterMandatory(true)
        try router.bind("tcp://127.0.0.1:*")
        let error = #expect(throws: ZMQError.self) { try router.send([Data("nobody"), Data("hi")]) }
        #expect(error?.isHostUnreachable == true)
    }

    @Test func receiveReturnsNilWhenNothingIsQueued() throws {
        let pull = try Socket(context, .pull)
        try pull.bind("inproc://receive-nothing")
        #expect(try pull.receive() == nil)
        #expect(try pull.receive(timeout: .milliseconds(20)) == nil)
    }

    @Test func sendReturnsFalseWhenNoPeerCanTakeTheMessage() throws {
        let dealer = try Socket(context, .dealer)
        #expect(try dealer.send([Data("lost")]) == false)
        #expect(try dealer.send([Data("lost")], timeout: .milliseconds(20)) == false)
    }

    @Test func anOversizedMessageIsDroppedRatherThanDelivered() throws {
        let (router, dealer) = try routerAndDealer(in: context) { try $0.setMaxMessageSize(1024) }
        #expect(try dealer.send([Data(repeating: 1, count: 4096)]))
        // The router drops the connection on the oversized frame; probes sent after it arrive once the dealer reconnects.
        let deadline = ContinuousClock.now.advanced(by: patience)
        var received: [Data]?
        while received == nil, ContinuousClock.now < deadline {
            _ = try dealer.send([Data("probe")])
            received = try router.receive(timeout: .milliseconds(100))
        }
        #expect(received == [Data("dealer-1"), Data("probe")])
    }

    @Test func closingTwiceIsHarmlessAndLaterCallsThrowNotASocket() throws {
        let socket = try Socket(context, .pair)
        socket.close()
        socket.close()
        let error = #expect(throws: ZMQError.self) { try socket.bind("inproc://after-close") }
        #expect(error?.operation == "zmq_bind(inproc://after-close)")
        #expect(throws: ZMQError.self) { try socket.receive() }
    }

    // Not port 99999: libzmq 4.3.4 wraps it to 34463 and binds.
    @Test(arguments: ["tcp://127.0.0.1:notaport", "nonsense://here", "tcp://", "inproc://"])
    func bindingAnInvalidEndpointThrowsAnErrorNamingIt(endpoint: String) throws {
        let socket = try Socket(context, .rep)
        let error = try #require(throws: ZMQError.self) { try socket.bind(endpoint) }
        #expect(error.description.contains(endpoint))
        #expect(!error.isTerminated)
    }
}
