import Foundation
public import JSON
public import Presentation

/// What a worker tells the broker.
public enum WorkerMessage: Sendable, Hashable {
    case ready(Ready)
    case heartbeat
    case present(Present)
    case withdraw(Attempt)
    case step(Step)
    case progress(ProgressReport)
    case result(Result)
    /// The worker cannot take a dispatch (it does not decode, or it is over the worker's limits).
    case refuse(Refusal)
    case disconnect
    /// The worker let go of the suspended task of this attempt (it keeps at most `maxSuspended`): the broker
    /// runs the job again, replaying its history, once its question is resolved.
    case drop(Attempt)

    /// A worker announces the operations it runs (each with its summary, input schema and texts) and how
    /// many jobs it runs at once.
    public struct Ready: Codable, Sendable, Hashable {
        public let name: String
        public let operations: [OperationAnnouncement]
        public let capacity: Int
        /// True when the worker reads `dispatches` (several jobs in one message); absent from older workers.
        public let batches: Bool?
        /// True when the worker takes `asked` (the question's id alone) as the acknowledgement of a `present`,
        /// instead of `presented` (the whole presentation); absent from older workers.
        public let asked: Bool?
        public init(name: String, operations: [OperationAnnouncement], capacity: Int, batches: Bool? = nil, asked: Bool? = nil) {
            self.name = name
            self.operations = operations
            self.capacity = capacity
            self.batches = batches
            self.asked = asked
        }
    }

    /// Names one handing-out of a job; messages from an older attempt are ignored.
    public struct Attempt: Sendable, Hashable {
        public let job: String
        public let attempt: Int
        public init(job: String, attempt: Int) {
            self.job = job
            self.attempt = attempt
        }
    }

    /// Ask a question: the broker gives it an id, journals it, publishes it and acknowledges.
    public struct Present: Sendable, Hashable {
        public let job: String
        public let attempt: Int
        public let sequence: Int
        public let draft: Presentation.Draft
        public init(job: String, attempt: Int, sequence: Int, draft: Presentation.Draft) {
            self.job = job
            self.attempt = attempt
            self.sequence = sequence
            self.draft = draft
        }
    }

    /// A side effect's result, journaled so a replay returns it instead of running it again.
    public struct Step: Sendable, Hashable {
        public let job: String
        public let attempt: Int
        public let name: String
        /// The value as the worker wrote it, checked once where it is read and passed on byte for byte.
        public let value: RawJSON
        public init(job: String, attempt: Int, name: String, value: RawJSON) {
            self.job = job
            self.attempt = attempt
            self.name = name
            self.value = value
        }
    }

    /// Bytes (or items) done out of a total.
    public struct ProgressReport: Sendable, Hashable {
        public let job: String
        public let attempt: Int
        public let done: Int64
        public let total: Int64
        public init(job: String, attempt: Int, done: Int64, total: Int64) {
            self.job = job
            self.attempt = attempt
            self.done = done
            self.total = total
        }
    }

    /// A dispatch this worker cannot take, and why; the broker fails the job with `code`.
    public struct Refusal: Codable, Sendable, Hashable {
        public let job: String
        public let attempt: Int
        public let code: String
        public let message: String
        public init(job: String, attempt: Int, code: String, message: String) {
            self.job = job
            self.attempt = attempt
            self.code = code
            self.message = message
        }
    }

    /// How the job ended on this worker.
    public struct Result: Sendable, Hashable {
        public enum Outcome: String, Codable, Sendable, Hashable, CaseIterable { case succeeded, failed, cancelled }
        public let job: String
        public let attempt: Int
        public let outcome: Outcome
        /// The output as the worker wrote it, checked once where it is read and passed on byte for byte.
        public let output: RawJSON?
        public let error: Job.Failure?
        public init(job: String, attempt: Int, outcome: Outcome, output: RawJSON? = nil, error: Job.Failure? = nil) {
            self.job = job
            self.attempt = attempt
            self.outcome = outcome
            self.output = output
            self.error = error
        }
    }
}

/// What the broker tells a worker.
public enum BrokerCommand: Sendable, Hashable {
    case dispatch(Dispatch)
    case presented(Presentation)
    case stepRecorded(WorkerMessage.Attempt)
    case resume(Resume)
    case cancel(WorkerMessage.Attempt)
    case forget(WorkerMessage.Attempt)
    case refused(WireError)
    case heartbeat
    /// The broker does not know this worker (it restarted, or declared it dead): drop every job and send ready again.
    case reconnect
    /// The broker journaled the worker's `ready`: these operations are announced and may be submitted.
    case welcome(Welcome)
    /// Several jobs to run, in the order given: the dispatches a turn had ready for one worker that reads them.
    case dispatches(Dispatches)
    /// A question was journaled and published, for a worker whose `ready` said it takes this: its id alone.
    case asked(Asked)

    /// The acknowledgement of a `present` that names the question and says nothing else.
    public struct Asked: Sendable, Hashable {
        /// The presentation's id.
        public let id: String
        /// The acknowledgement of the question with this id.
        public init(id: String) {
            self.id = id
        }
    }

    /// The answer to `ready`, sent once its announcements are in the journal.
    public struct Welcome: Codable, Sendable, Hashable {
        /// The names of the operations the broker took; one whose name cannot name an operation is left out.
        public let operations: [String]
        /// Why each announcement the broker did not take was refused (`invalidAnnouncement`); absent when none was.
        public let refused: [WireError]?
        /// True when the broker reads `batch` (several worker messages in one); absent from older brokers.
        public let batches: Bool?
        /// The broker's `maxMessageBytes`: the largest body it reads, which every `batch` a worker sends it
        /// stays within (with its own limit, whichever is smaller); absent from older brokers.
        public let maxMessageBytes: Int?
        public init(operations: [String], refused: [WireError]? = nil, batches: Bool? = nil, maxMessageBytes: Int? = nil) {
            self.operations = operations
            self.refused = refused
            self.batches = batches
            self.maxMessageBytes = maxMessageBytes
        }
    }

    /// Run a job; `history` holds what earlier attempts recorded, so a replay repeats nothing.
    public struct Dispatch: Sendable, Hashable {
        public let job: String
        public let attempt: Int
        public let operation: String
        /// The job's input: the bytes its client sent, never re-encoded.
        public let input: RawJSON
        public let history: History
        public init(job: String, attempt: Int, operation: String, input: RawJSON, history: History) {
            self.job = job
            self.attempt = attempt
            self.operation = operation
            self.input = input
            self.history = history
        }
    }

    /// Dispatches sent together, each read as a `dispatch` alone would be.
    public struct Dispatches: Sendable, Hashable {
        public let dispatches: [Dispatch]
        public init(_ dispatches: [Dispatch]) {
            self.dispatches = dispatches
        }
    }

    /// A suspended job's question was resolved: carry on.
    public struct Resume: Sendable, Hashable {
        public let job: String
        public let attempt: Int
        public let sequence: Int
        public let resolution: Resolution
        /// The values of the question's secure fields, sent this once (`Resolution` never carries them).
        public let secureValues: [String: String]?
        public init(job: String, attempt: Int, sequence: Int, resolution: Resolution) {
            self.job = job
            self.attempt = attempt
            self.sequence = sequence
            self.resolution = resolution
            self.secureValues = resolution.secureValues
        }

        /// The resolution with its secure values back in it, for the operation.
        public var fullResolution: Resolution {
            var full = resolution
            full.secureValues = secureValues
            return full
        }
    }
}

/// What earlier attempts of a job recorded: step results by name and resolutions by sequence.
public struct History: Sendable, Hashable {
    public struct Answered: Sendable, Hashable {
        public let sequence: Int
        public let resolution: Resolution
        public init(sequence: Int, resolution: Resolution) {
            self.sequence = sequence
            self.resolution = resolution
        }
    }

    /// Step values by name, as the worker that recorded them wrote them.
    public var steps: [String: RawJSON]
    public var answered: [Answered]

    public init(steps: [String: RawJSON] = [:], answered: [Answered] = []) {
        self.steps = steps
        self.answered = answered
    }

    /// The resolution recorded for the question with this sequence.
    public func resolution(forSequence sequence: Int) -> Resolution? {
        answered.first { $0.sequence == sequence }?.resolution
    }
}
