import Testing
import ZeroMQ

@Suite struct ContextTests {
    enum Outcome: Sendable, Equatable {
        case blocking
        case finished([[UInt8]]?)
        case failed(ZMQError)
    }

    @Test func shutdownEndsABlockedReceiveInAnotherThreadWithTerminated() throws {
        let context = try Context()
        let outcomes = try Mailbox<Outcome>()
        onNewThread {
            do throws(ZMQError) {
                let pull = try Socket(context, .pull)
                try pull.bind("inproc://shutdown")
                outcomes.post(.blocking)
                let frames = try pull.receive(timeout: .seconds(60))
                outcomes.post(.finished(frames.map { $0.map(Array.init) }))
            } catch {
                outcomes.post(.failed(error))
            }
        }
        #expect(try nextMessages(from: outcomes) == [.blocking])

        context.shutdown()
        let outcome = try #require(try nextMessages(from: outcomes).first)
        guard case .failed(let error) = outcome else {
            Issue.record("receive ended with \(outcome) instead of an error")
            return
        }
        #expect(error.isTerminated)
    }

    @Test func aSocketCannotBeCreatedInAShutDownContext() throws {
        let context = try Context()
        context.shutdown()
        let error = #expect(throws: ZMQError.self) { try Socket(context, .dealer) }
        #expect(error?.isTerminated == true)
    }

    @Test func theLinkedLibraryIsLibzmq4() {
        let linked = version()
        #expect(linked.major == 4)
        #expect(linked.minor >= 3)
    }
}
