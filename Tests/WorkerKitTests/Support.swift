import Presentation
import Synchronization
import WorkerKit

/// An operation whose body is a closure, so each test writes just the behaviour it checks.
struct Scripted<Output: Codable & Sendable>: JobOperation {
    struct Input: Codable, Sendable {}

    static var name: String { "scripted" }
    static var summary: String { "Run a test's closure" }

    let body: @Sendable (JobContext) async throws -> Output

    init(_ body: @escaping @Sendable (JobContext) async throws -> Output) {
        self.body = body
    }

    func run(_ input: Input, in job: JobContext) async throws -> Output {
        try await body(job)
    }
}

/// An operation that does nothing: a worker that offers it has something to announce.
struct Idle: JobOperation {
    struct Input: Codable, Sendable {}
    static var name: String { "idle" }
    static var summary: String { "Do nothing" }
    func run(_ input: Input, in job: JobContext) async throws -> Bool { true }
}

/// Counts how often a step body really ran.
final class Counter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func increment() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}

/// The choices of the test question.
enum Choice: String, PresentationAction {
    case delete, keep

    var button: ButtonState {
        switch self {
        case .delete: ButtonState("Delete", role: .destructive)
        case .keep: ButtonState("Keep", role: .cancel)
        }
    }
}

/// A dialog with a destructive choice and a cancel choice.
let deleteDialog = Question<Choice>.confirmationDialog(
    "Delete file", titleVisibility: .visible, message: "notes.txt will be deleted.", actions: [.delete, .keep])

/// Presents `deleteDialog` and returns the chosen action's id, or `nil`.
let askDelete = Scripted<String?> { job in
    try await job.present(deleteDialog)?.rawValue
}
