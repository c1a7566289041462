import Wire
import ZeroMQ

/// What `interlude --version` prints.
enum InterludeVersion {
    /// This release of Interlude.
    static let release = "0.1.0"

    /// `interlude 0.1.0 (protocol interlude/1, libzmq 4.3.4)`.
    static var line: String {
        let zmq = ZeroMQ.version()
        return "interlude \(release) (protocol \(Frames.version), libzmq \(zmq.major).\(zmq.minor).\(zmq.patch))"
    }
}
