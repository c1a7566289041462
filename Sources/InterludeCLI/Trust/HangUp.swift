import Dispatch
import Foundation

/// Runs an action on every SIGHUP, the conventional "reload your configuration" signal.
enum HangUp {
    /// Calls `action` on each SIGHUP for the life of the process.
    static func onSignal(_ action: @escaping @Sendable () -> Void) {
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        source.setEventHandler(handler: action)
        source.resume()
        sources.append(source)
    }

    /// Kept alive for the life of the process.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []  // appended from the main task only
}
