import Foundation
import Primitives
import Synchronization
import Wire
import ZeroMQ

/// A stand-in broker on a ROUTER socket of its own thread that answers every request with `answer`'s
/// type and body (by default `stats`): the first `oversizedReplies` answers with a frame larger than any
/// client accepts (libzmq drops the client's connection over it), later ones normally. It records which
/// peers (connections) asked.
final class FakeBroker: Sendable {
    /// A reply's type frame and body frame, for a request.
    typealias Answer = @Sendable (ClientRequest) -> (type: String, body: Data)

    /// The `stats` reply of a broker with one worker and nothing else.
    static let stats: Answer = { _ in
        let reply = BrokerReply.stats(.init(jobs: [:], pending: 0, workers: 1, sequence: 0))
        return (reply.type, (try? reply.body()) ?? Data())
    }

    /// Where clients connect.
    let endpoint: String
    private let stop: Wakeup
    private let peers = Mutex<[Data]>([])

    init(oversizedReplies: Int = 0, frameLimit: Int = MessageLimits.standard.frameBytes, answer: @escaping Answer = stats) throws {
        let socket = try Socket(try Context(), .router)
        try socket.bind("tcp://127.0.0.1:*")
        endpoint = try socket.lastEndpoint
        let stop = try Wakeup()
        self.stop = stop
        let owned = Handoff(socket)
        let thread = Thread { [self] in
            let socket = owned.value
            defer { socket.close() }
            var oversized = oversizedReplies
            while let readable = try? poll([.socket(socket), .fileDescriptor(stop.fileDescriptor)], timeout: nil), !readable[1] {
                while let frames = try? socket.receive(), let peer = frames.first {
                    guard let (request, correlation) = try? Frames.decode(Array(frames.dropFirst()), as: ClientRequest.self) else { continue }
                    peers.withLock { if !$0.contains(peer) { $0.append(peer) } }
                    let (type, body) = answer(request)
                    var reply = [Data(Frames.version.utf8), Data(type.utf8), Data(correlation.utf8), body]
                    if oversized > 0 {
                        oversized -= 1
                        reply[3] = Data(repeating: 0x20, count: frameLimit + 1)
                    }
                    _ = try? socket.send([peer] + reply)
                }
            }
        }
        thread.start()
    }

    /// The distinct connections that sent requests, in order of their first request.
    var connections: Int { peers.withLock { $0.count } }

    /// Ends the thread, which closes the socket.
    func close() { stop.signal() }
}
