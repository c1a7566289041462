import Foundation

/// The ZAP handler of a context (RFC 27): decides which clients a CURVE server socket admits.
///
/// Bind it before any CURVE server socket of the same context, and poll `socket` in the thread that
/// owns it; `answerWaiting` answers what has arrived. libzmq holds each handshake until it is answered.
public final class ZAPHandler {
    /// The endpoint libzmq sends ZAP requests to, in the context of the server socket.
    public static let endpoint = "inproc://zeromq.zap.01"

    /// The REP socket, to put in `poll`.
    public let socket: Socket

    /// Binds the handler in `context`; a context has at most one.
    public init(_ context: Context) throws(ZMQError) {
        socket = try Socket(context, .rep)
        do {
            try socket.bind(Self.endpoint)
        } catch {
            socket.close()
            throw error
        }
    }

    /// Answers every waiting request with `decide`; a malformed request is refused without asking it.
    public func answerWaiting(_ decide: (ZAPRequest) -> ZAPDecision) throws(ZMQError) {
        while let frames = try socket.receive() {
            let reply: [Data]
            if let request = ZAPRequest(frames: frames) {
                reply = request.reply(decide(request))
            } else {
                let requestID = frames.count > 1 ? frames[1] : Data()
                reply = [Data("1.0".utf8), requestID, Data("500".utf8), Data("malformed ZAP request".utf8), Data(), Data()]
            }
            // A REP socket always has room for its one reply.
            _ = try socket.send(reply)
        }
    }

    /// Unbinds the handler; later CURVE handshakes in the context are no longer authenticated.
    public func close() { socket.close() }
}

@available(*, unavailable, message: "a ZAP handler belongs to the thread that polls it")
extension ZAPHandler: Sendable {}
