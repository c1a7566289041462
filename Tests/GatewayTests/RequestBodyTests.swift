import Foundation
import HTTPServer
import JSON
import Presentation
import Testing

@testable import Gateway

/// Request bodies are read without `Codable` and accepted exactly as `JSONCoding.decoder` accepts them.
@Suite struct RequestBodyTests {
    static let bodies = [
        "", " ", "{}", "[]", "null", "1", "\"text\"", "{\"operation\": \"noop\"}", "{\"operation\": \"noop\",}", "{\"operation\": ",
        "{\"a\":1,\"a\":2}", "{\"a\":1,\"a\":null}", "\u{FEFF}{\"a\":1}", "{\"a\":1} x", "{\"a\":1}  \n", "{a:1}", "{\"a\":[1,],}",
        "{\"input\": {\"n\": 9223372036854775808, \"m\": 2.0, \"e\": 1e400}}", "{\"input\": {\"s\": \"\\uD83D\\uDE42 \\u0000\"}}",
        "{\"input\": \"\\uD83D\"}", "{\"operation\": \"noop\", \"input\": {\"x\": tru}}", "/* */{}", "{\"a\":NaN}",
        String(repeating: "[", count: 511) + String(repeating: "]", count: 511),
        "{\"a\":" + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "}",
    ]

    @Test("Each body is accepted, refused as not JSON (400) or as not an object (422) as the decoder decides", arguments: bodies)
    func readAsTheDecoderReadsIt(_ text: String) {
        let data = Data(text.utf8)
        let decoded = try? JSONCoding.decoder.decode(JSONValue.self, from: data)
        let outcome = Result { () throws(APIError) -> [String: JSONValue] in
            try RequestBody(HTTPRequest(method: .post, path: "/v1/operations", body: data)).fields
        }
        switch (decoded, outcome) {
        case (.object(let fields)?, .success(let read)): #expect(read == fields)
        case (nil, .failure(let error)): #expect(error.status == 400 && error.code == "malformedJSON", "\(error)")
        case (_?, .failure(let error)): #expect(error.status == 422 && error.code == "invalidRequest", "\(error)")
        default: Issue.record("the decoder read \(String(describing: decoded)), the body reader \(outcome)")
        }
    }

    @Test("Invalid UTF-8 is refused as the decoder refuses it")
    func invalidUTF8() {
        for bytes in [[0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D], [0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D]] as [[UInt8]] {
            let data = Data(bytes)
            let decoded = try? JSONCoding.decoder.decode(JSONValue.self, from: data)
            let read = try? RequestBody(HTTPRequest(method: .post, path: "/v1/operations", body: data)).fields
            if case .object(let fields)? = decoded { #expect(read == fields, "\(bytes)") } else { #expect(read == nil, "\(bytes)") }
        }
    }
}
