import Foundation
public import JSON
import Presentation

extension ClientRequest.Submit: JSONReadable {
    /// A submit; its input is required, and `null` is an input.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var operation: String?
        var input: RawJSON?
        var idempotencyKey: String?
        var answerWithin: TimeInterval?
        var audience: Audience?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "operation": operation = try reader.readIfPresent()
            case "input": input = try reader.read()
            case "idempotencyKey": idempotencyKey = try reader.readIfPresent()
            case "answerWithin": answerWithin = try reader.readIfPresent()
            case "audience": audience = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let operation, let input else { throw JSONReadError(offset: start, reason: "Submit needs \"operation\" and \"input\"") }
        self.init(operation: operation, input: input, idempotencyKey: idempotencyKey, answerWithin: answerWithin, audience: audience)
    }
}
