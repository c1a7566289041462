import CZeroMQ

/// The messaging pattern a socket takes part in.
public enum SocketType: Sendable {
    /// One peer, both directions.
    case pair
    /// Publisher: sends to every matching subscriber.
    case pub
    /// Subscriber: receives the topics it subscribed to.
    case sub
    /// Strict request-reply client.
    case req
    /// Strict request-reply server.
    case rep
    /// Asynchronous request side: load-balances out, fair-queues in.
    case dealer
    /// Asynchronous reply side: addresses peers by routing id.
    case router
    /// Receiving end of a pipeline.
    case pull
    /// Sending end of a pipeline.
    case push

    var rawValue: Int32 {
        switch self {
        case .pair: ZMQ_PAIR
        case .pub: ZMQ_PUB
        case .sub: ZMQ_SUB
        case .req: ZMQ_REQ
        case .rep: ZMQ_REP
        case .dealer: ZMQ_DEALER
        case .router: ZMQ_ROUTER
        case .pull: ZMQ_PULL
        case .push: ZMQ_PUSH
        }
    }
}
