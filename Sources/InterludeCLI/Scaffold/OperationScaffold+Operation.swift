extension OperationScaffold {
    static let operation = #"""
        import Foundation
        import WorkerKit

        /// Acts on an item once a person confirms, with a note: asks "Proceed with <item>?" with a
        /// destructive Proceed (which asks for the note) and Cancel. Put your side effect in the `act` step.
        public struct __TYPE__: JobOperation {
            /// The name clients submit.
            public static let name = "__NAME__"

            /// One line for people: `interlude operations` and the web page show it.
            public static let summary = "Act on an item once a person confirms, with a note"

            /// What to act on.
            public struct Input: Codable, Sendable, Hashable {
                /// 1 to 200 characters.
                public var item: String

                /// An input naming `item`.
                public init(item: String) {
                    self.item = item
                }
            }

            /// What was done: `done` is false, and `note` absent, when the person cancelled.
            public struct Output: Codable, Sendable, Hashable {
                /// Whether the item was acted on.
                public var done: Bool
                /// The note the person gave with Proceed.
                public var note: String?

                /// An output saying what was done.
                public init(done: Bool, note: String?) {
                    self.done = done
                    self.note = note
                }
            }

            /// The input's schema: the broker refuses an input that breaks it before anything is queued.
            public static var inputSchema: JSONSchema {
                .object(
                    ["item": .string(minLength: 1, maxLength: 200, description: "what to act on")], required: ["item"],
                    additionalProperties: .forbidden)
            }

            /// The dialog's actions: the answer comes back as one of these, never as a string to compare
            /// (`CaseIterable`, so `catalogUse` reads their keys).
            public enum Choice: String, PresentationAction, CaseIterable {
                case proceed, cancel

                /// How each action looks: Proceed is destructive, Cancel is every resolver's own.
                public var button: ButtonState {
                    switch self {
                    case .proceed: ButtonState("Proceed", role: .destructive, localization: Localization("__NAME__.action.proceed"))
                    case .cancel: .cancel
                    }
                }
            }

            /// The note asked for with Proceed (not with Cancel): required, at most 200 characters.
            public static let noteField = TextFieldState(
                id: "note", label: "Note", placeholder: "Why now?", required: true, maxLength: 200, actions: [Choice.proceed.id],
                localization: Localization("__NAME__.field.note"))

            /// The operation.
            public init() {}

            /// Asks; after Proceed runs the `act` step once (a replay returns its recorded result) and
            /// returns the note; after Cancel, dismissal or expiry does nothing.
            public func run(_ input: Input, in job: JobContext) async throws -> Output {
                let question = Question<Choice>.confirmationDialog(
                    "Proceed with \(input.item)?", titleVisibility: .visible, message: "This cannot be undone.",
                    actions: [.proceed, .cancel], item: .object(["item": .string(input.item)]),
                    localization: Localization("__NAME__.confirm", [input.item])
                ).with(fields: [Self.noteField])
                let answered = try await job.answer(to: question)
                guard answered.choice == .proceed, let note = answered.values[Self.noteField.id] else {
                    return Output(done: false, note: nil)
                }
                let done = try await job.step("act") { () async throws -> Bool in
                    // Act on input.item here: move a file, call a service, … Throw a JobError to fail the job.
                    true
                }
                return Output(done: done, note: note)
            }
        }

        """#
}
