import Foundation
import ZeroMQ

/// The bound on every wait in these tests; generous because CI machines have two busy cores.
let patience: Duration = .seconds(10)

extension Data {
    init(_ string: String) { self.init(string.utf8) }
}

/// Runs `body` on a fresh thread, as a socket loop would.
func onNewThread(_ body: @escaping @Sendable () -> Void) {
    Thread.detachNewThread(body)
}

/// Waits on the mailbox's descriptor until at least one message arrives or `timeout` passes.
func nextMessages<Message>(from mailbox: Mailbox<Message>, timeout: Duration = patience) throws -> [Message] {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while ContinuousClock.now < deadline {
        _ = try poll([.fileDescriptor(mailbox.fileDescriptor)], timeout: ContinuousClock.now.duration(to: deadline))
        let messages = mailbox.drain()
        if !messages.isEmpty { return messages }
    }
    return []
}

/// A ROUTER bound to a free loopback port and a DEALER with `dealerID` connected to it.
func routerAndDealer(
    in context: Context,
    dealerID: String = "dealer-1",
    configureRouter: (Socket) throws -> Void = { _ in }
) throws -> (router: Socket, dealer: Socket) {
    let router = try Socket(context, .router)
    try configureRouter(router)
    try router.bind("tcp://127.0.0.1:*")
    let dealer = try Socket(context, .dealer)
    try dealer.setRoutingID(Data(dealerID))
    try dealer.connect(router.lastEndpoint)
    return (router, dealer)
}
