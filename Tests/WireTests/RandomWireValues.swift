import Foundation
import JSON
import Presentation
import TestSupport
import Wire

/// Random values of the wire types, with the strings and numbers most likely to be written differently:
/// every control character, quotes, backslashes, slashes, non-ASCII, huge, tiny, negative and fractional numbers.
struct RandomWireValues {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    private static let pieces: [String] =
        (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        + [
            "\u{7F}", "\"", "\\", "/", "//", "a", "Z", "0", "9", " ", "é", "ß", "漢字", "😀", "👩‍👩‍👧", "\u{2028}", "\u{2029}",
            "\u{FEFF}", "e\u{301}", "\r\n", "</script>", "\\u0000", "null", "true", "-1", "1e5", "{", "]", ":", ",", "\u{10FFFF}",
        ]
    private static let plain: [String] = ["a", "b", "Z", "0", "7", " ", "é", "ß", "漢", "😀", "\"", "\\", "/", "-", "_", ".", "'"]

    /// A string of up to `length` pieces, control characters included.
    mutating func odd(_ length: Int = 12) -> String {
        (0..<Int.random(in: 0...length, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
    }

    /// A non-empty string without control characters, for text that a presentation validates.
    mutating func text(_ length: Int = 12) -> String {
        "T" + (0..<Int.random(in: 0...length, using: &random)).map { _ in Self.plain.randomElement(using: &random)! }.joined()
    }

    mutating func chance(_ percent: Int = 50) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func integer() -> Int64 {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: [Int64.min, Int64.max, 0, -1, 1, 9, 10, -10].randomElement(using: &random)!
        case 1: Int64.random(in: -1000...1000, using: &random)
        default: Int64(bitPattern: random.next())
        }
    }

    mutating func int() -> Int { Int(truncatingIfNeeded: integer() % 1_000_000_000) }

    mutating func double() -> Double {
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
            return [
                0.0, -0.0, 0.1, 0.5, 1.0, -1.0, 1e15, 1e15 - 1, 1e16, 9_007_199_254_740_992, 9_007_199_254_740_993, 1e-7, 1e-6,
                5e-324, .ulpOfOne, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, 123.456, 1e21, 1e22,
            ]
            .randomElement(using: &random)!
        case 1: return Double(Int64.random(in: -2_000_000_000_000_000...2_000_000_000_000_000, using: &random))
        case 2: return Double(Int.random(in: -100_000...100_000, using: &random)) / 100
        case 3: return Double.random(in: -1...1, using: &random) * pow(10, Double(Int.random(in: -30...30, using: &random)))
        default:
            let value = Double(bitPattern: random.next())
            return value.isFinite ? value : 0.25
        }
    }

    mutating func date() -> Date {
        let seconds = Double.random(in: -2_000_000_000...10_000_000_000, using: &random)
        return Date(timeIntervalSince1970: chance() ? (seconds * 1000).rounded() / 1000 : seconds)
    }

    /// A job's input: a random value as written and read back (so its bytes are the encoder's spelling of the
    /// value they read as, and `Codable`, which goes through the value, writes the same bytes).
    mutating func input() -> RawJSON {
        raw()
    }

    /// A value in the encoder's spelling, as a worker's output or step value reaches the broker from WorkerKit.
    mutating func raw(depth: Int = 3) -> RawJSON {
        .literal((try? RawJSON.literal(json(depth: depth)).value) ?? .null)
    }

    mutating func json(depth: Int = 3) -> JSONValue {
        let kinds = depth > 0 ? 8 : 6
        switch Int.random(in: 0..<kinds, using: &random) {
        case 0: return .null
        case 1: return .bool(chance())
        case 2: return .integer(integer())
        case 3: return .number(double())
        case 4, 5: return .string(odd())
        case 6: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in json(depth: depth - 1) })
        default: return .object(members(depth: depth))
        }
    }

    private mutating func members(depth: Int) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            let key = chance(30) ? ["a", "B", "a1", "a10", "a2", "é", "Z", "", "_", "aa", "A"].randomElement(using: &random)! : odd(4)
            object[key] = json(depth: depth - 1)
        }
        return object
    }

    mutating func strings(_ most: Int = 4) -> [String: String] {
        var values: [String: String] = [:]
        for _ in 0..<Int.random(in: 0...most, using: &random) { values[odd(4)] = odd() }
        return values
    }

    mutating func maybe<T>(_ make: (inout RandomWireValues) -> T) -> T? { chance() ? make(&self) : nil }

    mutating func localization() -> Localization { Localization(odd(), (0..<Int.random(in: 0...3, using: &random)).map { _ in odd() }) }

    mutating func action(id: String) -> Action {
        Action(id: id, label: text(), role: maybe { $0.chance() ? .cancel : .destructive }, localization: maybe { $0.localization() })
    }

    mutating func audience() -> Audience { Audience(randomUsing: &self) }

    /// A valid presentation (drafts that fail validation are drawn again): the validated texts without
    /// control characters, everything else odd.
    mutating func presentation() -> Presentation {
        while true {
            if let presentation = try? Presentation(draft(), id: odd() + "p", job: odd(), sequence: Int.random(in: 1...1000, using: &random), createdAt: date())
            {
                // Some have had their audience widened by their escalation.
                if chance(30), let widened = presentation.escalated(at: presentation.createdAt.addingTimeInterval(1_000_000)) { return widened }
                return presentation
            }
        }
    }

    /// A question as a worker sends it; its draft is valid (drafts that are not are refused by the broker, not the wire).
    mutating func present() -> WorkerMessage.Present {
        var draft = draft()
        if chance(30) { draft.expiresAfter = [0.25, 1e-3, 86_400.5, 3_600, 1e9].randomElement(using: &random)! }
        return WorkerMessage.Present(job: odd(), attempt: int(), sequence: Int.random(in: 1...1000, using: &random), draft: draft)
    }

    mutating func draft() -> Presentation.Draft {
        var draft = Presentation.Draft(
            kind: chance() ? .alert : .confirmationDialog, title: text(), titleVisibility: [.automatic, .visible, .hidden].randomElement(using: &random)!,
            message: maybe { $0.text(40) + "\n" + $0.text() }, actions: (0..<Int.random(in: 1...3, using: &random)).map { action(id: "a\($0)") },
            item: maybe { $0.json() }, localization: maybe { $0.localization() }, expiresAfter: maybe { _ in 60 })
        if chance(30) {
            draft.error = PresentedError(code: odd() + "c", description: text(), failureReason: maybe { $0.text() }, recoverySuggestion: maybe { $0.text() })
        }
        if chance(30) {
            draft.fields = [
                TextFieldState(id: "f1", label: text(), placeholder: maybe { $0.text() }, minLength: maybe { _ in 1 }, maxLength: maybe { _ in 80 })
            ]
        }
        if chance(30) { draft.audience = Audience(users: ["ana"], groups: chance() ? ["ops"] : []) }
        if chance(30) { draft.escalation = Escalation(afterSeconds: Int.random(in: 1...7_200, using: &random), to: Audience(groups: ["leads"])) }
        return draft
    }

    mutating func resolution() -> Resolution { Resolution(randomUsing: &self) }

    mutating func dispatch() -> BrokerCommand.Dispatch {
        var steps: [String: RawJSON] = [:]
        for _ in 0..<Int.random(in: 0...3, using: &random) { steps[odd(4)] = raw(depth: 2) }
        let answered = (0..<Int.random(in: 0...2, using: &random)).map { _ in History.Answered(sequence: int(), resolution: resolution()) }
        return BrokerCommand.Dispatch(job: odd(), attempt: int(), operation: odd(), input: input(), history: History(steps: steps, answered: answered))
    }

    mutating func resume() -> BrokerCommand.Resume {
        var resolution = resolution()
        resolution.secureValues = maybe { $0.strings() }
        return BrokerCommand.Resume(job: odd(), attempt: int(), sequence: int(), resolution: resolution)
    }

    mutating func result() -> WorkerMessage.Result {
        WorkerMessage.Result(
            job: odd(), attempt: int(), outcome: [.succeeded, .failed, .cancelled].randomElement(using: &random)!, output: maybe { $0.raw() },
            error: maybe { Job.Failure(code: $0.odd(), message: $0.odd()) })
    }

    mutating func submitMany() -> ClientRequest.SubmitMany {
        let items = (0..<Int.random(in: 0...3, using: &random)).map { _ in ClientRequest.SubmitMany.Item(input: input(), idempotencyKey: maybe { $0.odd() }) }
        return ClientRequest.SubmitMany(
            operation: odd(), items: items, answerWithin: maybe { $0.double() }, audience: maybe { $0.audience() }, atomic: maybe { $0.chance() })
    }

    mutating func submitted() -> BrokerReply.Submitted {
        BrokerReply.Submitted(
            items: (0..<Int.random(in: 0...3, using: &random)).map { _ in
                chance() ? .init(job: odd()) : .init(error: WireError(WireError.Code.allCases.randomElement(using: &random)!, odd()))
            })
    }

    mutating func submit() -> ClientRequest.Submit {
        ClientRequest.Submit(
            operation: odd(), input: input(), idempotencyKey: maybe { $0.odd() }, answerWithin: maybe { $0.double() }, audience: maybe { $0.audience() })
    }
}

/// The source of the generated `init(randomUsing:)` of every shape: the same odd strings and edge numbers.
extension RandomWireValues: ShapeRandomSource {
    mutating func string() -> String { odd() }
    mutating func int64() -> Int64 { integer() }
    mutating func bool() -> Bool { chance() }
    /// A value other than `null` (a `null` where an optional value is held reads as none, and is not written).
    mutating func json() -> JSONValue {
        while true {
            let value = json(depth: 3)
            if value != .null { return value }
        }
    }
    mutating func raw() -> RawJSON { raw(depth: 3) }
    mutating func count() -> Int { Int.random(in: 0...3, using: &random) }
    mutating func hasValue() -> Bool { chance() }

    /// The values of the shapes declared `random=source`, drawn valid by the hand-written makers above: presentations.
    mutating func value<T>(of type: T.Type) -> T {
        switch type {
        case is Presentation.Type: return presentation() as! T
        default: fatalError("no random values of \(T.self)")
        }
    }
}
