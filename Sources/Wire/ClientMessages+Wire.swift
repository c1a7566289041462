public import Foundation
public import JSON
import Presentation

extension ClientRequest: WireMessage {
    public var type: String { kind.rawValue }

    public func body() throws -> Data {
        try parts.body?.encoded() ?? Frames.empty
    }

    public static func decode(type: String, body: Data, limits: JSONLimits?) throws(WireError) -> ClientRequest {
        guard let kind = Kind(rawValue: type) else { throw WireError(.unknownMessage, "unknown client request \"\(type)\"") }
        return try kind.declaration.read(body, type, limits)
    }
}

extension BrokerReply: WireMessage {
    public var type: String {
        switch self {
        case .job: "job"
        case .submitted: "submitted"
        case .jobWithHistory: "jobWithHistory"
        case .jobs: "jobs"
        case .pending: "pending"
        case .presentation: "presentation"
        case .resolution: "resolution"
        case .events: "events"
        case .stats: "stats"
        case .operations: "operations"
        case .history: "history"
        case .error: "error"
        }
    }

    public func body() throws -> Data {
        switch self {
        case .job(let value): try JSONWriter.encode(value)
        case .submitted(let value): try JSONWriter.encode(value, capacity: 64 * value.items.count + 16)
        case .jobWithHistory(let value): try JSONWriter.encode(value)
        case .jobs(let value): try JSONWriter.encode(value, capacity: 4_096)
        case .pending(let value): try Frames.json(value)
        case .presentation(let value): try Frames.json(value)
        case .resolution(let value): try JSONWriter.encode(value)
        case .events(let value): try JSONWriter.encode(value, capacity: 4_096)
        case .stats(let value): try Frames.json(value)
        case .operations(let value): try Frames.json(value)
        case .history(let value): try Frames.json(value)
        case .error(let value): try Frames.json(value)
        }
    }

    public static func decode(type: String, body: Data, limits: JSONLimits?) throws(WireError) -> BrokerReply {
        switch type {
        case "job": .job(try Frames.payload(Job.self, body, in: type, limits: limits))
        case "submitted": .submitted(try Frames.payload(Submitted.self, body, in: type, limits: limits))
        case "jobWithHistory": .jobWithHistory(try Frames.payload(JobWithHistory.self, body, in: type, limits: limits))
        case "jobs": .jobs(try Frames.payload(JobPage.self, body, in: type, limits: limits))
        case "pending": .pending(try Frames.payload(PendingSnapshot.self, body, in: type, limits: limits))
        case "presentation": .presentation(try Frames.payload(PresentationState.self, body, in: type, limits: limits))
        case "resolution": .resolution(try Frames.payload(Resolution.self, body, in: type, limits: limits))
        case "events": .events(try Frames.payload(EventPage.self, body, in: type, limits: limits))
        case "stats": .stats(try Frames.payload(Stats.self, body, in: type, limits: limits))
        case "operations": .operations(try Frames.payload(OperationList.self, body, in: type, limits: limits))
        case "history": .history(try Frames.payload(HistoryPage.self, body, in: type, limits: limits))
        case "error": .error(try Frames.payload(WireError.self, body, in: type, limits: limits))
        default: throw WireError(.unknownMessage, "unknown broker reply \"\(type)\"")
        }
    }
}
