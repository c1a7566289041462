import Foundation
import Primitives
import Synchronization
import Wire
import ZeroMQ

/// A stand-in broker on a ROUTER socket of its own thread that answers `stats`: the first
/// `oversizedReplies` answers with a frame larger than any client accepts (libzmq drops the client's
/// connection over it), later ones normally. It records which peers (connections) asked.
final class FakeBroker: Sendable {
    /// Where clients connect.
    let endpoint: String
    private let stop: Wakeup
    private let peers = Mutex<[Data]>([])

    init(oversizedReplies: Int, frameLimit: Int = MessageLimits.standard.frameBytes) throws {
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
                    guard let (_, correlation) = try? Frames.decode(Array(frames.dropFirst()), as: ClientRequest.self) else { continue }
                    peers.withLock { if !$0.contains(peer) { $0.append(peer) } }
                    var reply = Frames.encode(BrokerReply.stats(.init(jobs: [:], pending: 0, workers: 1, sequence: 0)), correlation: correlation)
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
