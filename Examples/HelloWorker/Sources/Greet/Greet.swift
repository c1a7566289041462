import Foundation
import WorkerKit

/// Greets someone by name once a person agrees: asks "Greet <name>?" with Greet and Cancel.
public struct Greet: JobOperation {
    /// The name clients submit.
    public static let name = "greet"

    /// How long the question waits for a person: a day, then it resolves to Cancel.
    public static let answerWithin: TimeInterval = 24 * 60 * 60

    /// One line for people: `interlude operations` and the web page show it.
    public static let summary = "Greet someone by name, once a person agrees"

    /// Who to greet.
    public struct Input: Codable, Sendable, Hashable {
        /// 1 to 100 characters.
        public var name: String

        /// An input greeting `name`.
        public init(name: String) {
            self.name = name
        }

        /// Refuses a name the schema would refuse too: the broker checks the schema at submit, and the
        /// worker still checks what it decodes (a schema is a convenience at the edge, not a promise).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            guard (1...100).contains(name.unicodeScalars.count) else {
                throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "a name has 1 to 100 characters")
            }
        }
    }

    /// The greeting, or `null` when the person cancelled.
    public struct Output: Codable, Sendable, Hashable {
        /// `Hello, <name>`, or `nil`.
        public var greeting: String?

        /// An output with this greeting.
        public init(greeting: String?) {
            self.greeting = greeting
        }

        /// Writes `greeting` as `null` rather than leaving it out.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(greeting, forKey: .greeting)
        }
    }

    /// The input's schema, written out: the lengths are a rule `Input`'s decoding checks but a derived
    /// schema cannot see (and a derivation fails on the check, which refuses its placeholder name).
    public static var inputSchema: JSONSchema {
        .object(
            ["name": .string(minLength: 1, maxLength: 100, description: "who to greet")], required: ["name"],
            additionalProperties: .forbidden)
    }

    /// The dialog's actions: the answer comes back as one of these, never as a string to compare.
    public enum Choice: String, PresentationAction, CaseIterable {
        case greet, cancel

        /// How each action looks.
        public var button: ButtonState {
            switch self {
            case .greet: ButtonState("Greet", localization: Localization("greet.action.greet"))
            case .cancel: .cancel
            }
        }
    }

    /// The catalog keys the question and its buttons use: the broker refuses a catalog key nothing uses
    /// and a button a shipped language lacks.
    public static let catalogUse: CatalogUse? = CatalogUse(questions: ["greet.confirm"], choices: Choice.self)

    /// The operation.
    public init() {}

    /// Asks "Greet <name>?"; greets after Greet, and gives `null` after Cancel (or dismissal).
    public func run(_ input: Input, in job: JobContext) async throws -> Output {
        let question = Question<Choice>.confirmationDialog(
            "Greet \(input.name)?", titleVisibility: .visible, actions: [.greet, .cancel],
            item: .object(["name": .string(input.name)]), localization: Localization("greet.confirm", [input.name]),
            expiresAfter: Self.answerWithin)
        guard try await job.present(question) == .greet else { return Output(greeting: nil) }
        return Output(greeting: "Hello, \(input.name)")
    }
}
