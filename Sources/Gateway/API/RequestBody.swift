import HTTPServer
import JSON
import Presentation

/// Reads JSON request bodies the same way on every route: not JSON is 400, JSON of the wrong shape is 422.
struct RequestBody {
    let fields: [String: JSONValue]
    /// Each field's bytes as the client spelled them (a submit's `input` is passed on as they are).
    let raw: [String: RawJSON]

    /// The body as a JSON object.
    init(_ request: HTTPRequest) throws(APIError) {
        guard !request.body.isEmpty else { throw .badRequest("The body is empty; expected a JSON object.", code: "malformedJSON") }
        // The hand-written reader accepts exactly what `JSONCoding.decoder` accepts, without `Codable`'s cost.
        guard let object = try? JSONReader.read(Members.self, from: request.body) else {
            guard (try? JSONReader.read(JSONValue.self, from: request.body)) != nil else {
                throw .badRequest("The body is not valid JSON.", code: "malformedJSON")
            }
            throw .invalid("The body must be a JSON object.")
        }
        fields = object.values
        raw = object.raw
    }

    /// A JSON object's members, each read in full and kept with its bytes; the first of repeated keys wins.
    private struct Members: JSONReadable {
        var values: [String: JSONValue] = [:]
        var raw: [String: RawJSON] = [:]

        init(reading reader: inout JSONReader) throws(JSONReadError) {
            try reader.readObject { reader, key throws(JSONReadError) in
                let (value, bytes) = try reader.readValueAndBytes()
                values[key] = value
                raw[key] = bytes
            }
        }
    }

    /// A string field; nil when absent or null, 422 when it is something else or empty.
    func string(_ key: String) throws(APIError) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let text)? where !text.isEmpty: return text
        default: throw .invalid("\"\(key)\" must be a non-empty string.")
        }
    }

    /// A boolean field; nil when absent or null, 422 when it is something else.
    func bool(_ key: String) throws(APIError) -> Bool? {
        switch fields[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw .invalid("\"\(key)\" must be true or false.")
        }
    }

    /// An object of strings, such as an answer's `values`; nil when absent or null, 422 otherwise.
    func strings(_ key: String) throws(APIError) -> [String: String]? {
        switch fields[key] {
        case nil, .null?: return nil
        case .object(let object)?:
            var strings: [String: String] = [:]
            for (name, value) in object {
                guard case .string(let text) = value else { throw .invalid("\"\(key)\" must map each field id to a string; \"\(name)\" is not one.") }
                strings[name] = text
            }
            return strings
        default: throw .invalid("\"\(key)\" must be an object of strings, by field id.")
        }
    }
}
