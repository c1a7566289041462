import Foundation
import JSON
import Presentation
import Testing
import Wire

/// The messages the broker, workers and clients receive, read by the hand-written reader: the same
/// acceptance and the same values as `JSONCoding.decoder`, on encoder output, on edge cases and on damage.
@Suite("JSON reader: the wire messages as the decoder reads them")
struct WireReadingTests {
    /// What each reads from `data`: the value, or `nil` when it refuses.
    static func both<T: Decodable & JSONReadable & Equatable>(_ type: T.Type, _ data: Data) -> (decoder: T?, reader: T?) {
        (try? JSONCoding.decoder.decode(T.self, from: data), try? JSONReader.read(T.self, from: data))
    }

    /// Encodes `count` random values and reads each back both ways, then again after one to three random
    /// byte edits: the two must agree every time, and the undamaged value must read back as it was.
    private func same<T: Codable & JSONReadable & Equatable>(
        _ count: Int, seed: UInt64, _ make: (inout RandomWireValues) -> T, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var values = RandomWireValues(seed: seed)
        let alphabet = Array("{}[]\":,\\0123456789-.eEtrufalsn ".utf8) + [0x00, 0x80, 0xFF]
        var differing: [String] = []
        var damagedRead = 0
        for _ in 0..<count {
            let value = make(&values)
            let data = try JSONCoding.encoder.encode(value)
            let (decoder, reader) = Self.both(T.self, data)
            if decoder != reader || reader == nil { differing.append(String(decoding: data, as: UTF8.self)) }
            var bytes = Array(data)
            for _ in 0..<Int.random(in: 1...3, using: &values.random) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &values.random)
                switch Int.random(in: 0..<3, using: &values.random) {
                case 0: bytes[at] = alphabet.randomElement(using: &values.random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet.randomElement(using: &values.random)!, at: at)
                }
            }
            let damaged = Self.both(T.self, Data(bytes))
            if damaged.decoder != damaged.reader { differing.append("damaged: " + String(decoding: bytes, as: UTF8.self)) }
            if damaged.reader != nil { damagedRead += 1 }
        }
        #expect(differing.isEmpty, "\(differing.count) of \(2 * count) differ, first: \(differing.prefix(3))", sourceLocation: sourceLocation)
        // The damage must not be so mild that every edit still reads: both outcomes are exercised.
        #expect(damagedRead < count, sourceLocation: sourceLocation)
    }

    @Test("What workers send: attempts, results, progress and steps")
    func workerMessages() throws {
        try same(500, seed: 61) { WorkerMessage.Attempt(job: $0.odd(), attempt: $0.int()) }
        try same(1500, seed: 62) { $0.result() }
        try same(500, seed: 63) { WorkerMessage.ProgressReport(job: $0.odd(), attempt: $0.int(), done: $0.integer(), total: $0.integer()) }
        try same(1000, seed: 64) { WorkerMessage.Step(job: $0.odd(), attempt: $0.int(), name: $0.odd(), value: $0.raw()) }
        try same(1000, seed: 65) { $0.present() }
    }

    @Test("What the broker sends workers: dispatches and resumes")
    func brokerCommands() throws {
        try same(1500, seed: 71) { $0.dispatch() }
        try same(1000, seed: 72) { $0.resume() }
    }

    @Test("What clients send: submits and bulk submits")
    func submits() throws {
        try same(1500, seed: 81) { $0.submit() }
        try same(1000, seed: 85) { $0.submitMany() }
    }

    @Test(arguments: [
        #"{"operation":"noop","input":{}}"#, #"{"operation":"noop","input":null}"#, #"{"operation":"noop"}"#, #"{"input":{}}"#,
        #"{"operation":null,"input":{}}"#, #"{"operation":"noop","input":{},"idempotencyKey":null,"answerWithin":null,"audience":null}"#,
        #"{"operation":"noop","input":{},"answerWithin":5}"#, #"{"operation":"noop","input":{},"answerWithin":"5"}"#,
        #"{"operation":"noop","input":{},"audience":{}}"#, #"{"operation":"noop","input":{},"audience":{"users":null}}"#,
        #"{"operation":"noop","input":1,"input":2,}"#, #"{"operation":"noop","operation":1,"input":[]}"#, #"{"operation":"noop","input":{},"x":[1,]}"#,
        #"{"operation":"noop","input":{},"x":[1,,]}"#, "[]", "null", "", #"{"operation":"noop","input":{}} x"#,
    ])
    func submitEdgesReadTheSame(text: String) {
        let (decoder, reader) = Self.both(ClientRequest.Submit.self, Data(text.utf8))
        #expect(decoder == reader)
    }

    @Test(arguments: [
        #"{"job":"j","attempt":1,"outcome":"succeeded"}"#, #"{"job":"j","attempt":1,"outcome":"succeeded","output":null,"error":null}"#,
        #"{"job":"j","attempt":1.0,"outcome":"failed","error":{"code":"x","message":"y"}}"#, #"{"job":"j","attempt":1.5,"outcome":"failed"}"#,
        #"{"job":"j","attempt":1,"outcome":"paused"}"#, #"{"job":"j","attempt":1,"outcome":"failed","error":{"code":"x"}}"#,
        #"{"job":"j","attempt":9223372036854775808,"outcome":"succeeded"}"#, #"{"job":"j","outcome":"succeeded"}"#,
        #"{"job":"j","attempt":1,"outcome":"succeeded","output":{"a":[1,2.5,"x",null,true]}}"#,
    ])
    func resultEdgesReadTheSame(text: String) {
        let (decoder, reader) = Self.both(WorkerMessage.Result.self, Data(text.utf8))
        #expect(decoder == reader)
    }

    @Test(arguments: [
        #"{"job":"j","attempt":1,"operation":"noop","input":null,"history":{"steps":{},"answered":[]}}"#,
        #"{"job":"j","attempt":1,"operation":"noop","history":{"steps":{},"answered":[]}}"#,
        #"{"job":"j","attempt":1,"operation":"noop","input":{},"history":{"steps":{}}}"#,
        #"{"job":"j","attempt":1,"operation":"noop","input":{},"history":{"steps":{"a":null},"answered":[]}}"#,
        #"{"job":"j","attempt":1,"operation":"noop","input":{},"history":null}"#,
    ])
    func dispatchEdgesReadTheSame(text: String) {
        let (decoder, reader) = Self.both(BrokerCommand.Dispatch.self, Data(text.utf8))
        #expect(decoder == reader)
    }

    @Test(arguments: [
        #"{"job":"j","attempt":1,"name":"s","value":null}"#, #"{"job":"j","attempt":1,"name":"s"}"#, #"{"job":"j","attempt":1,"name":null,"value":1}"#,
    ])
    func stepEdgesReadTheSame(text: String) {
        let (decoder, reader) = Self.both(WorkerMessage.Step.self, Data(text.utf8))
        #expect(decoder == reader)
    }

    @Test(arguments: [
        #"{"job":"j","attempt":1,"sequence":1,"draft":{"kind":"alert","title":"t","titleVisibility":"visible","actions":[]}}"#,
        #"{"job":"j","attempt":1,"sequence":1,"draft":{"kind":"alert","title":"t","actions":[]}}"#,
        #"{"job":"j","attempt":1,"sequence":1,"draft":{"kind":"sheet","title":"t","titleVisibility":"visible","actions":[]}}"#,
        #"{"job":"j","attempt":1,"sequence":1,"draft":{"kind":"alert","title":"t","titleVisibility":"visible"}}"#,
        #"{"job":"j","attempt":1,"sequence":1,"draft":{"kind":"alert","title":"t","titleVisibility":"visible","actions":[],"message":null,"item":null,"error":null,"fields":null,"audience":null,"localization":null,"expiresAfter":null}}"#,
        #"{"job":"j","attempt":1,"sequence":1,"draft":{"kind":"alert","title":"t","titleVisibility":"visible","actions":[{"id":"a","label":"A","role":null}],"expiresAfter":2.5e1,"item":{"x":[1,null]}}}"#,
        #"{"job":"j","attempt":1,"sequence":1,"draft":{"kind":"alert","title":"t","titleVisibility":"visible","actions":[],"expiresAfter":"60"}}"#,
        #"{"job":"j","attempt":1,"sequence":1,"draft":{"kind":"alert","title":null,"titleVisibility":"visible","actions":[]}}"#,
        #"{"job":"j","attempt":1,"draft":{"kind":"alert","title":"t","titleVisibility":"visible","actions":[]}}"#,
        #"{"job":"j","attempt":1,"sequence":1,"draft":null}"#,
    ])
    func presentEdgesReadTheSame(text: String) {
        let (decoder, reader) = Self.both(WorkerMessage.Present.self, Data(text.utf8))
        #expect(decoder == reader)
    }

    @Test("A body the reader refuses is refused with the decoder's words, naming what broke")
    func refusalsKeepTheirMessages() throws {
        let cases: [(type: String, body: String, message: String)] = [
            ("submit", #"{"operation":"noop"}"#, #"submit: missing field "input" at body"#),
            ("result", #"{"job":"j","attempt":"1","outcome":"succeeded"}"#, "result: attempt: expected Int"),
            ("result", #"{"job":"j","attempt":1,"outcome":"paused"}"#, "result: outcome: "),
        ]
        for (type, body, message) in cases {
            let frames = [Data(Frames.version.utf8), Data(type.utf8), Data(), Data(body.utf8)]
            let decoded: () throws -> Void =
                type == "submit"
                ? { _ = try Frames.decode(frames, as: ClientRequest.self) } : { _ = try Frames.decode(frames, as: WorkerMessage.self) }
            let error = try #require(throws: WireError.self, performing: decoded)
            #expect(error.code == .invalidBody)
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }
}
