public import Foundation
public import JSON
import Presentation

extension WorkerMessage: WireMessage {
    public var type: String {
        switch self {
        case .ready: "ready"
        case .heartbeat: "heartbeat"
        case .present: "present"
        case .withdraw: "withdraw"
        case .step: "step"
        case .progress: "progress"
        case .result: "result"
        case .refuse: "refuse"
        case .disconnect: "disconnect"
        case .drop: "drop"
        }
    }

    public func body() throws -> Data {
        switch self {
        case .ready(let value): try Frames.json(value)
        case .heartbeat, .disconnect: Frames.empty
        case .present(let value): try JSONWriter.encode(value)
        case .withdraw(let value): try JSONWriter.encode(value)
        case .step(let value): try JSONWriter.encode(value)
        case .progress(let value): try JSONWriter.encode(value)
        case .result(let value): try JSONWriter.encode(value)
        case .refuse(let value): try Frames.json(value)
        case .drop(let value): try JSONWriter.encode(value)
        }
    }

    public static func decode(type: String, body: Data, limits: JSONLimits?) throws(WireError) -> WorkerMessage {
        switch type {
        case "ready": .ready(try Frames.payload(Ready.self, body, in: type, limits: limits))
        case "heartbeat": try Frames.bodiless(.heartbeat, body, in: type, limits: limits)
        case "present": .present(try Frames.payload(Present.self, body, in: type, limits: limits))
        case "withdraw": .withdraw(try Frames.payload(Attempt.self, body, in: type, limits: limits))
        case "step": .step(try Frames.payload(Step.self, body, in: type, limits: limits))
        case "progress": .progress(try Frames.payload(ProgressReport.self, body, in: type, limits: limits))
        case "result": .result(try Frames.payload(Result.self, body, in: type, limits: limits))
        case "refuse": .refuse(try Frames.payload(Refusal.self, body, in: type, limits: limits))
        case "disconnect": try Frames.bodiless(.disconnect, body, in: type, limits: limits)
        case "drop": .drop(try Frames.payload(Attempt.self, body, in: type, limits: limits))
        default: throw WireError(.unknownMessage, "unknown worker message \"\(type)\"")
        }
    }
}

extension BrokerCommand: WireMessage {
    public var type: String {
        switch self {
        case .dispatch: "dispatch"
        case .presented: "presented"
        case .stepRecorded: "stepRecorded"
        case .resume: "resume"
        case .cancel: "cancel"
        case .forget: "forget"
        case .refused: "refused"
        case .heartbeat: "heartbeat"
        case .reconnect: "reconnect"
        case .welcome: "welcome"
        case .dispatches: "dispatches"
        case .asked: "asked"
        }
    }

    public func body() throws -> Data {
        switch self {
        case .dispatch(let value): try JSONWriter.encode(value)
        case .presented(let value): try JSONWriter.encode(value)
        case .stepRecorded(let value), .cancel(let value), .forget(let value): try JSONWriter.encode(value)
        case .resume(let value): try JSONWriter.encode(value)
        case .refused(let value): try Frames.json(value)
        case .heartbeat, .reconnect: Frames.empty
        case .welcome(let value): try Frames.json(value)
        case .dispatches(let value): try JSONWriter.encode(value)
        case .asked(let value): try JSONWriter.encode(value)
        }
    }

    public static func decode(type: String, body: Data, limits: JSONLimits?) throws(WireError) -> BrokerCommand {
        switch type {
        case "dispatch": .dispatch(try Frames.payload(Dispatch.self, body, in: type, limits: limits))
        case "presented": .presented(try Frames.payload(Presentation.self, body, in: type, limits: limits))
        case "asked": .asked(try Frames.payload(Asked.self, body, in: type, limits: limits))
        case "stepRecorded": .stepRecorded(try Frames.payload(WorkerMessage.Attempt.self, body, in: type, limits: limits))
        case "resume": .resume(try Frames.payload(Resume.self, body, in: type, limits: limits))
        case "cancel": .cancel(try Frames.payload(WorkerMessage.Attempt.self, body, in: type, limits: limits))
        case "forget": .forget(try Frames.payload(WorkerMessage.Attempt.self, body, in: type, limits: limits))
        case "refused": .refused(try Frames.payload(WireError.self, body, in: type, limits: limits))
        case "heartbeat": try Frames.bodiless(.heartbeat, body, in: type, limits: limits)
        case "reconnect": try Frames.bodiless(.reconnect, body, in: type, limits: limits)
        case "welcome": .welcome(try Frames.payload(Welcome.self, body, in: type, limits: limits))
        // Each dispatch sits two levels deeper than alone (an object, an array): it gets those two levels.
        case "dispatches": .dispatches(try Frames.payload(Dispatches.self, body, in: type, limits: limits?.deeper(by: 2)))
        default: throw WireError(.unknownMessage, "unknown broker command \"\(type)\"")
        }
    }
}
