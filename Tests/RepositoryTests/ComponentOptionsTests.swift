import Foundation
import Testing

/// Components take their own options: the settings (and the databases the settings module links) stay in
/// the programs that map them.
@Suite("Components take their own options") struct ComponentOptionsTests {
    @Test(
        "Webhooks, Gateway and WorkerRuntime reach neither Configuration nor PostgreSQL, and the broker names no SQLite",
        arguments: ["Webhooks", "Gateway", "WorkerRuntime"])
    func aComponentReachesNoSettings(module: String) throws {
        let graph = try OperationFreeBrokerTests.imports()
        #expect(graph[module]?.isEmpty == false, "the scan found \(module)'s imports")
        let reached = OperationFreeBrokerTests.closure(of: module, in: graph)
        #expect(!reached.contains("Configuration") && !reached.contains("PostgreSQL"), "\(module) reaches \(reached.sorted())")
        #expect(graph["Broker"]?.contains("SQLite") == false, "the broker imports SQLite")
    }

    @Test("A worker of one's own links no SQLite through WorkerRuntime")
    func theWorkerRuntimeLinksNoDatabase() throws {
        let reached = OperationFreeBrokerTests.closure(of: "WorkerRuntime", in: try OperationFreeBrokerTests.imports())
        #expect(!reached.contains("SQLite"), "WorkerRuntime reaches \(reached.sorted())")
    }
}
