public import Log

/// Runs services together: starts them all, and when one fails, one ends, a shutdown signal arrives
/// or `triggerGracefulShutdown()` is called, shuts the others down gracefully in reverse order (the
/// last started stops first), each waited for in turn, all within `gracePeriod`; what is still
/// running then is cancelled. `run()` rethrows the first failure.
public final class ServiceGroup: Sendable {
    private let services: [any Service]
    private let gracePeriod: Duration
    private let signals: [UnixSignal]
    private let log: Log
    private let requests: AsyncStream<Void>
    private let requester: AsyncStream<Void>.Continuation

    /// A group of `services`, shut down on `signals` (SIGTERM and SIGINT unless told otherwise).
    public init(_ services: [any Service], gracePeriod: Duration = .seconds(10), signals: [UnixSignal] = UnixSignal.shutdown, log: Log) {
        self.services = services
        self.gracePeriod = gracePeriod
        self.signals = signals
        self.log = log
        (requests, requester) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Starts a graceful shutdown, as a signal would; safe from anywhere, before or during `run()`.
    public func triggerGracefulShutdown() {
        requester.yield()
    }

    private enum Event: Sendable {
        case ended(Int, Result<Void, any Error>)
        case signal(UnixSignal)
        case requested
        case gracePassed
    }

    /// Runs every service until the group is shut down; rethrows the first failure of a service.
    public func run() async throws {
        let triggers = services.map { _ in ShutdownTrigger() }
        var running = Set(services.indices)
        var firstFailure: (any Error)?
        var shuttingDown = false
        // Listening before any service starts, so a signal sent once a service runs is never missed.
        let signals = UnixSignal.stream(self.signals)
        await withTaskGroup(of: Event.self) { group in
            for (index, service) in services.enumerated() {
                group.addTask {
                    do {
                        try await ShutdownTrigger.$current.withValue(triggers[index]) { try await service.run() }
                        return .ended(index, .success(()))
                    } catch {
                        return .ended(index, .failure(error))
                    }
                }
            }
            group.addTask {
                for await signal in signals { return .signal(signal) }
                return .requested
            }
            group.addTask { [requests] in
                for await _ in requests { return .requested }
                return .requested
            }

            while !running.isEmpty, let event = await group.next() {
                switch event {
                case .ended(let index, .success):
                    running.remove(index)
                    if !shuttingDown { log.warning("\(name(index)) ended by itself; stopping the others") }
                case .ended(let index, .failure(let error)):
                    running.remove(index)
                    if firstFailure == nil, !(error is CancellationError) { firstFailure = error }
                    log.error("\(name(index)) failed: \(error)")
                case .signal(let signal):
                    if shuttingDown {
                        log.warning("\(signal) received again; cancelling what is still running")
                        group.cancelAll()
                    } else {
                        log.info("\(signal) received; stopping")
                    }
                    group.addTask {
                        for await signal in signals { return .signal(signal) }
                        return .requested
                    }
                case .requested:
                    break
                case .gracePassed:
                    log.warning("still running after \(gracePeriod): \(running.sorted().map(name).joined(separator: ", ")); cancelling")
                    group.cancelAll()
                    continue
                }
                if !shuttingDown {
                    shuttingDown = true
                    group.addTask { [gracePeriod] in
                        try? await Task.sleep(for: gracePeriod)
                        return .gracePassed
                    }
                }
                // Reverse order: only the last service still running is asked to stop; the one before
                // it is asked once that one has ended.
                if let last = running.max() { triggers[last].trigger() }
            }
            group.cancelAll()
        }
        if let firstFailure { throw firstFailure }
    }

    private func name(_ index: Int) -> String {
        String(describing: type(of: services[index]))
    }
}
