import JSON
import Presentation
import Wire

extension OpenAPIDocument {
    /// The JSON shapes, as docs/protocol.md describes them.
    static var schemas: [String: JSONValue] {
        let text = type("string")
        let nullableText = nullable(text)
        return [
            "Error": object(["error": object(["code": text, "message": text, "resolution": nullable(ref("Resolution"))])]),
            "SubmitRequest": object(
                ["operation": text, "input": type("object"), "answerWithin": .object(["oneOf": .array([type("number"), text])]), "audience": ref("Audience")],
                required: ["operation"]),
            "SubmitBatchRequest": object(
                [
                    "operation": text, "items": array(object(["input": type("object"), "idempotencyKey": text], required: ["input"])),
                    "answerWithin": .object(["oneOf": .array([type("number"), text])]), "audience": ref("Audience"), "atomic": type("boolean"),
                ],
                required: ["operation", "items"]),
            "SubmitBatchReply": object([
                "items": array(
                    object([
                        "job": text,
                        "error": object(["code": text, "message": text, "violations": array(object(["path": text, "message": text]))]),
                    ]))
            ]),
            "AnswerRequest": object(["action": text, "dismiss": type("boolean"), "values": .object(["type": .string("object"), "additionalProperties": text])]),
            "Caller": object(["name": text, "groups": array(text)]),
            "HistoryPage": object(["job": text, "history": array(ref("HistoryEntry")), "next": nullableText, "refusalsOmitted": type("integer")]),
            "PresentationPage": object([
                "presentations": array(ref("Presentation")), "next": nullableText, "sequence": type("integer"), "operations": type("object"),
                "approvals": .object(["type": .string("object"), "additionalProperties": array(ref("Approval"))]),
            ]),
            "LinkRequest": object(["for": text, "expiresIn": type("integer")]),
            "AnswerLink": object(["url": text, "presentation": text, "for": text, "expiresAt": time]),
            "PresentationState": object([
                "presentation": ref("Presentation"), "resolution": nullable(ref("Resolution")), "operation": nullableText,
                "approvals": array(ref("Approval")),
            ]),
            "DeliveryPage": object(["deliveries": array(type("object"))]),
            "OperationInfo": object([
                "name": text, "summary": text, "input": type("object"), "catalog": type("object"), "workers": array(text),
                "jobs": object(["queued": type("integer"), "running": type("integer"), "waiting": type("integer")]),
                "announcedAt": time, "announcedBy": text, "variants": array(type("object")),
            ]),
            "OperationList": object(["operations": array(ref("OperationInfo"))]),
            "Status": object([
                "jobs": .object(["type": .string("object"), "additionalProperties": type("integer")]), "pending": type("integer"),
                "workers": type("integer"), "sequence": type("integer"), "storageFull": type("boolean"),
                "quarantined": array(object(["job": text, "reason": text])),
            ]),
            "Health": object(["status": enumeration(["ok", "unavailable"]), "broker": enumeration(["reachable", "unreachable"])]),
        ]
    }

    private static let time: JSONValue = .object(["type": .string("string"), "format": .string("date-time")])

    private static func type(_ name: String) -> JSONValue {
        .object(["type": .string(name)])
    }

    private static func object(_ properties: [String: JSONValue], required: [String]? = nil) -> JSONValue {
        var schema: [String: JSONValue] = ["type": .string("object"), "properties": .object(properties)]
        if let required { schema["required"] = .array(required.map(JSONValue.string)) }
        return .object(schema)
    }

    private static func array(_ items: JSONValue) -> JSONValue {
        .object(["type": .string("array"), "items": items])
    }

    private static func enumeration(_ values: [String]) -> JSONValue {
        .object(["type": .string("string"), "enum": .array(values.map(JSONValue.string))])
    }

    /// OpenAPI 3.0 has no null type: a `$ref` is wrapped in `allOf` to be marked nullable.
    private static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema, object["$ref"] == nil else {
            return .object(["allOf": .array([schema]), "nullable": .bool(true)])
        }
        object["nullable"] = .bool(true)
        return .object(object)
    }
}
