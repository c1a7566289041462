import Synchronization

/// The graceful shutdown of one service: triggered once, by its `ServiceGroup`; every handler
/// registered with it runs then (or at once, when registered after).
final class ShutdownTrigger: Sendable {
    private struct State {
        var triggered = false
        var next = 0
        var handlers: [Int: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())

    /// The trigger of the service the current task runs for, if it runs in a group.
    @TaskLocal static var current: ShutdownTrigger?

    var isTriggered: Bool { state.withLock { $0.triggered } }

    /// Runs every handler once; later calls do nothing.
    func trigger() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.triggered else { return [] }
            state.triggered = true
            defer { state.handlers.removeAll() }
            return Array(state.handlers.values)
        }
        for handler in handlers { handler() }
    }

    /// Registers `handler`; nil (after running it) when the trigger has already fired.
    func add(_ handler: @escaping @Sendable () -> Void) -> Int? {
        let key = state.withLock { state -> Int? in
            guard !state.triggered else { return nil }
            state.next += 1
            state.handlers[state.next] = handler
            return state.next
        }
        if key == nil { handler() }
        return key
    }

    func remove(_ key: Int) {
        _ = state.withLock { $0.handlers.removeValue(forKey: key) }
    }
}

/// Runs `operation`; if the service it runs for is asked to shut down gracefully meanwhile (or was
/// already), `onGracefulShutdown` is called once, from any thread, and should make `operation` return.
/// Outside a `ServiceGroup` the handler is never called.
public func withGracefulShutdownHandler<T>(
    operation: () async throws -> T, onGracefulShutdown: @escaping @Sendable () -> Void
) async rethrows -> T {
    guard let trigger = ShutdownTrigger.current, let key = trigger.add(onGracefulShutdown) else { return try await operation() }
    defer { trigger.remove(key) }
    return try await operation()
}

/// Suspends until a graceful shutdown of the current service is signalled; throws `CancellationError`
/// when the task is cancelled first. Outside a `ServiceGroup` only cancellation ends it.
public func gracefulShutdown() async throws {
    let (signalled, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    await withGracefulShutdownHandler {
        for await _ in signalled { return }
    } onGracefulShutdown: {
        continuation.yield()
        continuation.finish()
    }
    try Task.checkCancellation()
}

/// Whether a graceful shutdown of the current service has been signalled.
public var isShuttingDownGracefully: Bool { ShutdownTrigger.current?.isTriggered ?? false }

/// Runs `operation` until it ends or a graceful shutdown is signalled, which cancels it: the shape of
/// a service whose work is a loop that already ends on cancellation.
public func cancelOnGracefulShutdown<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    let task = Task { try await operation() }
    return try await withTaskCancellationHandler {
        try await withGracefulShutdownHandler {
            try await task.value
        } onGracefulShutdown: {
            task.cancel()
        }
    } onCancel: {
        task.cancel()
    }
}
