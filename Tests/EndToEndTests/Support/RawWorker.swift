import Foundation
import Wire
import ZeroMQ

/// A worker spoken for frame by frame on a DEALER socket, for what the SDK would never send: an
/// announcement claiming another operation's texts, a question with a hostile pattern.
///
/// Blocking calls with timeouts on one socket: use it from one task at a time.
final class RawWorker: @unchecked Sendable {  // one caller at a time, as documented
    private let socket: Socket

    /// Connects to `endpoint` (the broker's worker endpoint).
    init(_ endpoint: String) throws {
        socket = try Socket(try Context(), .dealer)
        try socket.connect(endpoint)
    }

    deinit { socket.close() }

    /// Sends `ready` with `operations` and returns the broker's welcome.
    func announce(_ name: String, _ operations: [OperationAnnouncement], capacity: Int = 1, batches: Bool? = nil) throws -> BrokerCommand.Welcome {
        try send(.ready(.init(name: name, operations: operations, capacity: capacity, batches: batches)))
        while true {
            if case .welcome(let welcome) = try receive() { return welcome }
        }
    }

    func send(_ message: WorkerMessage, correlation: String = "") throws {
        guard try socket.send(Frames.encode(message, correlation: correlation), timeout: .seconds(5)) else {
            throw EndToEndFailure("the broker did not take \(message)")
        }
    }

    /// Sends several messages in one `batch`.
    func send(_ batch: WorkerBatch) throws {
        guard try socket.send(Frames.encode(batch), timeout: .seconds(5)) else { throw EndToEndFailure("the broker did not take the batch") }
    }

    /// The next command the broker sends, within `timeout`.
    func receive(timeout: Duration = .seconds(10)) throws -> BrokerCommand {
        guard let frames = try socket.receive(timeout: timeout) else { throw EndToEndFailure("nothing from the broker within \(timeout)") }
        return try Frames.decode(frames, as: BrokerCommand.self).message
    }

    /// The next dispatch, skipping heartbeats.
    func dispatch() throws -> BrokerCommand.Dispatch {
        while true {
            if case .dispatch(let dispatch) = try receive() { return dispatch }
        }
    }
}
