import JSON
import Presentation
import Wire

extension OpenAPIDocument {
    /// Every component schema: the wire shapes (`wireSchemas`) and the API's own bodies (`apiSchemas`).
    static var schemas: [String: JSONValue] {
        wireSchemas.merging(apiSchemas) { wire, _ in wire }
    }

    /// The wire shapes (jobs, events, the timeline, presentations and what answers them) as their
    /// writers write them, docs/protocol.md describing them in words.
    static var wireSchemas: [String: JSONValue] {
        typealias S = OpenAPISchema
        let states = enumeration(Job.State.allCases.map(\.rawValue))
        let causes = enumeration(Resolution.Cause.allCases.map(\.rawValue))
        return [
            "Failure": S.record(["code": S.text, "message": S.text]),
            "Outcome": S.record(["action": S.text, "cause": causes, "presentation": S.text], optional: ["action"]),
            "Progress": S.record(["done": S.integer, "total": S.integer]),
            "Job": S.record(
                [
                    "id": S.text, "operation": S.text, "input": S.any, "state": states, "presentation": S.nullable(ref("Presentation")),
                    "result": S.any, "error": S.nullable(ref("Failure")), "progress": ref("Progress"), "attempts": S.integer,
                    "redispatches": minimum(S.integer, 1), "outcome": ref("Outcome"), "answerWithin": S.number, "audience": ref("Audience"),
                    "createdAt": S.time, "updatedAt": S.time,
                ], optional: ["progress", "redispatches", "outcome", "answerWithin", "audience"]),
            "JobSummary": S.record(
                [
                    "id": S.text, "operation": S.text, "state": states, "attempts": S.integer, "updatedAt": S.time, "result": S.any,
                    "error": ref("Failure"), "outcome": ref("Outcome"),
                ], optional: ["result", "error", "outcome"]),
            "HistoryEntry": S.object(
                [
                    "at": S.time, "type": enumeration(HistoryEntry.Kind.allCases.map(\.rawValue)), "worker": S.text, "attempt": S.integer,
                    "question": ref("Presentation"), "presentation": S.text, "action": S.text, "cause": causes, "by": S.text, "channel": S.text,
                    "values": S.map(S.text), "step": S.text, "done": S.integer, "total": S.integer, "reason": S.text, "state": states,
                    "outcome": ref("Outcome"), "error": ref("Failure"),
                ], required: ["at", "type"]),
            "Event": S.object(
                [
                    "sequence": S.integer, "type": enumeration(Event.Kind.allCases.map(\.rawValue)), "at": S.time, "job": ref("JobSummary"),
                    "presentation": ref("Presentation"), "resolution": ref("Resolution"), "approvals": ref("ApprovalProgress"),
                ], required: ["sequence", "type", "at"]),
        ].merging(presentationSchemas) { wire, _ in wire }
    }

    /// A presentation and the parts of it, and what resolves it.
    static var presentationSchemas: [String: JSONValue] {
        typealias S = OpenAPISchema
        return [
            "Audience": S.record(["users": S.array(S.text), "groups": S.array(S.text)]),
            "Escalation": S.record(["afterSeconds": S.integer, "to": ref("Audience")]),
            "Localization": S.record(["key": S.text, "arguments": S.array(S.text)]),
            "PresentedError": S.record(["code": S.text, "description": S.text, "failureReason": S.nullable(S.text), "recoverySuggestion": S.nullable(S.text)]),
            "TextField": S.record(
                [
                    "id": S.text, "kind": enumeration(TextFieldState.Kind.allCases.map(\.rawValue)), "label": S.text, "placeholder": S.text,
                    "required": S.boolean, "minLength": S.integer, "maxLength": S.integer, "pattern": S.text, "actions": S.array(S.text),
                    "localization": ref("Localization"),
                ], optional: ["placeholder", "minLength", "maxLength", "pattern", "actions", "localization"]),
            "Action": S.record(
                [
                    "id": S.text, "label": S.text, "role": S.nullable(enumeration(Action.Role.allCases.map(\.rawValue))), "approvals": S.integer,
                    "localization": ref("Localization"),
                ], optional: ["approvals", "localization"]),
            "Approval": S.record(["action": S.text, "by": S.text, "channel": S.text, "at": S.time]),
            "ApprovalProgress": S.record(["presentation": S.text, "action": S.text, "needed": S.integer, "approvals": S.array(ref("Approval"))]),
            "Presentation": S.record(
                [
                    "id": S.text, "job": S.text, "sequence": S.integer, "kind": enumeration(Presentation.Kind.allCases.map(\.rawValue)),
                    "title": S.text, "titleVisibility": enumeration(Presentation.TitleVisibility.allCases.map(\.rawValue)),
                    "message": S.nullable(S.text), "actions": S.array(ref("Action")), "fields": S.array(ref("TextField")), "audience": ref("Audience"),
                    "item": S.any, "error": S.nullable(ref("PresentedError")), "localization": ref("Localization"), "createdAt": S.time,
                    "expiresAt": S.nullable(S.time), "escalation": ref("Escalation"), "escalatedAt": S.time, "onExpiry": S.text,
                ], optional: ["fields", "audience", "localization", "escalation", "escalatedAt", "onExpiry"]),
            "Resolution": S.record(
                [
                    "presentation": S.text, "job": S.text, "cause": enumeration(Resolution.Cause.allCases.map(\.rawValue)),
                    "action": S.nullable(S.text), "by": S.nullable(S.text), "channel": S.nullable(S.text), "at": S.time,
                    "values": S.map(S.text), "approvals": S.array(ref("Approval")),
                ], optional: ["values", "approvals"]),
        ]
    }

    static func enumeration(_ values: [String]) -> JSONValue {
        OpenAPISchema.enumeration(values)
    }

    static func minimum(_ schema: JSONValue, _ least: Int) -> JSONValue {
        guard case .object(var object) = schema else { return schema }
        object["minimum"] = .integer(Int64(least))
        return .object(object)
    }
}
