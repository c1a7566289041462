import JSON
import Presentation
import Wire

extension OpenAPIDocument {
    /// The API's own bodies: requests, errors, pages, status, links and deliveries.
    static var apiSchemas: [String: JSONValue] {
        typealias S = OpenAPISchema
        let within: JSONValue = .object(["oneOf": .array([S.number, S.text, S.type("null")])])
        return [
            "Error": S.record(["error": ref("ErrorDetail")]),
            "ErrorDetail": S.record(
                ["code": S.text, "message": S.text, "resolution": S.nullable(ref("Resolution")), "violations": S.array(ref("Violation"))],
                optional: ["resolution", "violations"]),
            "Violation": S.record(["path": S.text, "message": S.text]),
            "SubmitAudience": S.nullable(S.object(["users": S.nullable(S.array(S.text)), "groups": S.nullable(S.array(S.text))])),
            "SubmitRequest": S.object(
                ["operation": S.text, "input": S.any, "answerWithin": within, "audience": ref("SubmitAudience")], required: ["operation"]),
            "SubmitBatchRequest": S.object(
                [
                    "operation": S.text, "items": S.array(S.object(["input": S.any, "idempotencyKey": S.text], required: ["input"])),
                    "answerWithin": within, "audience": ref("SubmitAudience"), "atomic": S.boolean,
                ],
                required: ["operation", "items"]),
            "SubmitBatchReply": S.record(["items": S.array(S.object(["job": S.text, "error": ref("ErrorDetail")]))]),
            "AnswerRequest": S.object([
                "action": S.nullable(S.text), "dismiss": S.nullable(S.boolean), "values": S.nullable(S.map(S.text)),
            ]),
            "Caller": S.record(["name": S.text, "groups": S.array(S.text)]),
            "JobWithHistory": S.extending(
                shapeSchemas["Job"], with: ["history": S.array(ref("HistoryEntry")), "historyNext": S.nullable(S.text), "refusalsOmitted": S.integer],
                required: ["history", "historyNext", "refusalsOmitted"]),
            "HistoryPage": S.record(["job": S.text, "history": S.array(ref("HistoryEntry")), "next": S.nullable(S.text), "refusalsOmitted": S.integer]),
            "JobPage": S.record(["cutShort": S.boolean, "jobs": S.array(ref("Job")), "next": S.nullable(S.text), "trimmed": S.array(S.text)]),
            "PresentationPage": S.record(
                [
                    "presentations": S.array(ref("Presentation")), "next": S.nullable(S.text), "sequence": S.integer, "operations": S.map(S.text),
                    "approvals": S.map(S.array(ref("Approval"))),
                ], optional: ["approvals"]),
            "PresentationState": S.record(
                [
                    "presentation": ref("Presentation"), "resolution": S.nullable(ref("Resolution")), "operation": S.nullable(S.text),
                    "approvals": S.array(ref("Approval")),
                ], optional: ["approvals"]),
            "LinkRequest": S.object(["for": S.text, "expiresIn": S.nullable(S.integer)], required: ["for"]),
            "AnswerLink": S.record(["url": S.text, "presentation": S.text, "for": S.text, "expiresAt": S.time]),
            "DeliveryPage": S.record(["deliveries": S.array(ref("Delivery"))]),
            "Delivery": S.record(
                [
                    "id": S.text, "url": S.text, "eventType": S.text, "sequence": S.integer,
                    "state": enumeration(["pending", "delivered", "failed", "disabled"]), "attempts": S.integer, "nextAttemptAt": S.nullable(S.time),
                    "lastStatus": S.nullable(S.integer), "lastError": S.nullable(S.text), "createdAt": S.time, "updatedAt": S.time,
                ]),
            "OperationInfo": S.record(
                [
                    "name": S.text, "summary": S.text, "input": S.anyObject, "catalog": S.map(S.map(S.text)), "workers": S.array(S.text),
                    "jobs": S.record(["queued": S.integer, "running": S.integer, "waiting": S.integer]), "announcedAt": S.time,
                    "announcedBy": S.text, "variants": S.array(ref("OperationVariant")),
                ], optional: ["input", "variants"]),
            "OperationVariant": S.record(
                ["summary": S.text, "input": S.anyObject, "catalog": S.map(S.map(S.text)), "workers": S.array(S.text)], optional: ["input"]),
            "OperationList": S.record(["operations": S.array(ref("OperationInfo"))]),
            "Status": S.record(
                [
                    "jobs": S.map(S.integer), "pending": S.integer, "workers": S.integer, "sequence": S.integer, "storageFull": S.boolean,
                    "quarantined": S.array(S.record(["job": S.text, "reason": S.text])), "commits": S.integer,
                ], optional: ["storageFull", "quarantined", "commits"]),
            "Health": S.record(["status": enumeration(["ok", "unavailable"]), "broker": enumeration(["reachable", "unreachable"])]),
        ]
    }
}
