import Foundation
import JSON
import Presentation
import Testing
import Wire

/// The hand-written writer must give exactly the bytes `JSONCoding.encoder` gives, for every hot type.
@Suite("JSON writer: the encoder's bytes")
struct JSONWriterIdentityTests {
    /// Writes `count` random values made by `make` both ways and compares them byte for byte (and the size
    /// the writer counts with the encoder's length).
    private func same<T: JSONWritable & Encodable>(
        _ count: Int, seed: UInt64, _ make: (inout RandomWireValues) -> T, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var values = RandomWireValues(seed: seed)
        var differing = 0
        for index in 0..<count {
            let value = make(&values)
            let encoded = try JSONCoding.encoder.encode(value)
            let written = try JSONWriter.encode(value)
            let size = try JSONWriter.size(of: value)
            if written != encoded || size != encoded.count {
                differing += 1
                if differing <= 3 {
                    Issue.record(
                        "value \(index) (seed \(seed)) differs:\n encoder \(String(decoding: encoded, as: UTF8.self))\n writer  \(String(decoding: written, as: UTF8.self))",
                        sourceLocation: sourceLocation)
                }
            }
        }
        #expect(differing == 0, "\(differing) of \(count) differ", sourceLocation: sourceLocation)
    }

    @Test("JSON values, nested, with odd strings and every kind of number", arguments: [1, 2, 3] as [UInt64])
    func jsonValues(seed: UInt64) throws {
        try same(3000, seed: seed) { $0.json(depth: 4) }
    }

    @Test("The broker's per-job messages to workers")
    func workerCommands() throws {
        try same(1000, seed: 41) { $0.dispatch() }
        try same(1000, seed: 42) { $0.resume() }
        try same(200, seed: 43) { WorkerMessage.Attempt(job: $0.odd(), attempt: $0.int()) }
    }

    @Test("The workers' per-job messages, the client's submits and the bulk submit's reply")
    func workerMessagesAndSubmit() throws {
        try same(1000, seed: 51) { $0.result() }
        try same(300, seed: 52) { WorkerMessage.ProgressReport(job: $0.odd(), attempt: $0.int(), done: $0.integer(), total: $0.integer()) }
        try same(500, seed: 53) { WorkerMessage.Step(job: $0.odd(), attempt: $0.int(), name: $0.odd(), value: $0.raw()) }
        try same(1000, seed: 54) { $0.submit() }
        try same(1000, seed: 56) { $0.submitMany() }
        try same(500, seed: 57) { $0.submitted() }
        try same(1000, seed: 55) { $0.present() }
    }

    @Test("Every single control character, and numbers at the edges of their formats")
    func edges() throws {
        let strings = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["\u{2028}", "😀", "a/b", "\\/", ""]
        for text in strings {
            #expect(try JSONWriter.encode(JSONValue.string(text)) == JSONCoding.encoder.encode(JSONValue.string(text)))
        }
        var doubles: [Double] = [0, -0.0, 1e15, -1e15, 1e15 - 1, 1e15 + 1, 9_007_199_254_740_992, 1e16, 0.1, 1 / 3, 5e-324, .greatestFiniteMagnitude]
        doubles += (0..<64).map { Double(sign: .plus, exponent: $0, significand: 1) }
        doubles += (0..<64).map { -Double(sign: .plus, exponent: $0, significand: 1) - 1 }
        for number in doubles {
            #expect(try JSONWriter.encode(JSONValue.number(number)) == JSONCoding.encoder.encode(JSONValue.number(number)), "\(number)")
        }
    }

    @Test("NaN and the infinities are refused, as the encoder refuses them", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(number: Double) {
        #expect(throws: (any Error).self) { try JSONCoding.encoder.encode(JSONValue.number(number)) }
        #expect(throws: (any Error).self) { try JSONWriter.encode(JSONValue.number(number)) }
    }

    @Test("A value nested past the encoder's depth is refused, not written")
    func tooDeep() {
        var value = JSONValue.null
        for _ in 0..<600 { value = .array([value]) }
        #expect(throws: (any Error).self) { try JSONCoding.encoder.encode(value) }
        #expect(throws: (any Error).self) { try JSONWriter.encode(value) }
    }
}
