import Foundation
import Testing

/// The broker's state machine (`Sources/Broker/State`) is pure: it builds what the journal must make
/// durable as values and touches no storage, socket or thread of its own.
@Suite("The broker's state is pure") struct PureBrokerStateTests {
    /// The modules that do I/O.
    static let ioModules: Set<String> = ["Journal", "SQLite", "PostgreSQL", "ZeroMQ", "Lifecycle"]

    @Test("No file of the broker's state machine imports the journal or another module that does I/O")
    func theStateImportsNoIO() {
        let folder = Repository.root.appendingPathComponent("Sources/Broker/State")
        let imports = SourceImports.modules(in: folder)
        #expect(!imports.isEmpty, "the folder was read")
        let io = imports.filter { Self.ioModules.contains($0.key) }
        #expect(io.isEmpty, "imported by the state: \(io)")
    }
}
