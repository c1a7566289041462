import Foundation
import Testing
import WorkerKit
import WorkerKitTesting
import WorkerRuntime

// Every public type an operation's author meets (WorkerKit with what it re-exports, WorkerKitTesting,
// WorkerRuntime), named unqualified beside Foundation: a name Foundation has too would not compile here
// ("is ambiguous for type lookup"). The test below keeps this list whole.
extension Action {}
extension Answer {}
extension Answered {}
extension AnyJobOperation {}
extension Approval {}
extension ApprovalProgress {}
extension Audience {}
extension ButtonState {}
extension Catalog {}
extension CatalogUse {}
extension Escalation {}
extension FieldPattern {}
extension FieldProblem {}
extension InMemoryJobBackend {}
extension InvalidPresentation {}
extension JSONCoding {}
extension JSONLimits {}
extension JSONReadError {}
extension JSONReadable {}
extension JSONReader {}
extension JSONSchema {}
extension JSONSchemaDescribed {}
extension JSONShape {}
extension JSONValue {}
extension JSONWritable {}
extension JSONWriter {}
extension JobBackend {}
extension JobContext {}
extension JobError {}
extension JobOperation {}
extension Localization {}
extension OperationHarness {}
extension OperationRegistry {}
extension OperationRun {}
extension PatternError {}
extension PresentableError {}
extension Presentation {}
extension PresentationAction {}
extension PresentationRefused {}
extension PresentationSlot {}
extension PresentedError {}
extension Question {}
extension RawJSON {}
extension RecordedStep {}
extension Resolution {}
extension SchemaDerivationError {}
extension SchemaDescribing {}
extension SchemaViolation {}
extension ScriptedResponse {}
extension ShapeEnum {}
extension ShapeRandom {}
extension ShapeRandomSource {}
extension ShapeSchema {}
extension SharedTexts {}
extension SlotAnswer {}
extension SlotRefusal {}
extension TextFieldState {}
extension TextRules {}
extension WorkerProcess {}
extension WorkerService {}

/// The SDK's public names coexist with what its users import beside it.
@Suite struct PublicNamesTests {
    /// The modules whose public types an operation's author sees: WorkerKit re-exports JSON, Presentation and Schema.
    static let modules = ["JSON", "Presentation", "Schema", "WorkerKit", "WorkerKitTesting", "WorkerRuntime", "WorkerMain"]

    /// Top-level types of SwiftUI, the standard library and Swift concurrency that a worker's author may
    /// import or use beside the SDK (SwiftUI is not on Linux, so its names are listed here).
    static let taken: Set<String> = [
        "Alert", "AlertState", "Button", "ButtonRole", "ButtonStyle", "Text", "TextField", "TextFieldStyle", "SecureField",
        "TextEditor", "Label", "Link", "Menu", "Picker", "Toggle", "Slider", "Stepper", "Form", "Section", "List", "Table",
        "Group", "Image", "Color", "Font", "Settings", "Scene", "App", "Window", "WindowGroup", "View", "State", "Binding",
        "Environment", "Namespace", "Layout", "Alignment", "Visibility", "ProgressView", "ConfirmationDialog", "ActionSheet",
        "Sheet", "Toolbar", "ToolbarItem", "Tab", "TabView", "Transaction", "Animation", "Gauge", "Grid", "Spacer",
        "Divider", "EmptyView", "AnyView", "ForEach", "NavigationLink", "NavigationStack", "ShareLink", "Material",
        "Job", "ExecutorJob", "UnownedJob", "Task", "TaskGroup", "TaskPriority", "Executor", "Actor", "Result", "Duration",
        "Clock", "Never", "Error", "Operation", "OperationQueue", "Progress", "Data", "Date", "URL", "Notification",
        "Timer", "Thread", "Expression", "Predicate", "Locale", "Measurement", "Unit",
    ]

    /// The public top-level types declared in `modules`' sources.
    static func declared() throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let declaration = /^public (?:indirect |final )*(?:struct|enum|class|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)/.anchorsMatchLineEndings()
        var names: Set<String> = []
        for module in modules {
            let folder = root.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where file.pathExtension == "swift" {
                for match in try String(contentsOf: file, encoding: .utf8).matches(of: declaration) { names.insert(String(match.1)) }
            }
        }
        return names
    }

    /// The names this file extends, which compile only if each is one type beside Foundation.
    static func extended() throws -> Set<String> {
        let text = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        return Set(text.matches(of: /^extension ([A-Za-z_][A-Za-z0-9_]*) \{\}$/.anchorsMatchLineEndings()).map { String($0.1) })
    }

    @Test func everyPublicTypeIsNamedBesideFoundationInThisFile() throws {
        let declared = try Self.declared()
        #expect(declared.count > 30, "the sources were found")
        #expect(declared.subtracting(try Self.extended()).sorted() == [], "add `extension Name {}` above for each")
        #expect(try Self.extended().subtracting(declared).sorted() == [], "no longer public types")
    }

    @Test func noPublicTypeSharesANameWithSwiftUIOrTheStandardLibrary() throws {
        #expect(try Self.declared().intersection(Self.taken).sorted() == [])
    }
}
