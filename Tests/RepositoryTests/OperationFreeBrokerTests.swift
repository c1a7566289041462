import Foundation
import Testing

/// The broker knows operations only from what workers announce: no module it is built from may import
/// the code that runs operations.
@Suite("The broker links no operation") struct OperationFreeBrokerTests {
    /// The modules that hold or run operation code.
    static let operationModules: Set<String> = ["Operations", "WorkerKit", "WorkerRuntime", "WorkerMain", "WorkerKitTesting"]

    /// Each module under `Sources/` with the modules its files import.
    static func imports() throws -> [String: Set<String>] {
        var graph: [String: Set<String>] = [:]
        for file in try Repository.files() where file.path.hasPrefix("Sources/") && file.path.hasSuffix(".swift") {
            let module = file.path.split(separator: "/")[1]
            for line in file.text.components(separatedBy: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal"].contains($0) })
                else { continue }
                graph[String(module), default: []].insert(String(words[index + 1]))
            }
        }
        return graph
    }

    /// Every module `start` reaches through imports, itself included.
    static func closure(of start: String, in graph: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = [start]
        var pending = [start]
        while let module = pending.popLast() {
            for next in graph[module] ?? [] where seen.insert(next).inserted { pending.append(next) }
        }
        return seen
    }

    @Test("Neither the broker nor anything it imports imports an operation module")
    func theBrokerReachesNoOperationCode() throws {
        let graph = try Self.imports()
        #expect(graph["Broker"]?.contains("Journal") == true, "the scan found the broker's imports: \(graph["Broker"] ?? [])")
        let reached = Self.closure(of: "Broker", in: graph)
        #expect(reached.isDisjoint(with: Self.operationModules), "the broker reaches \(reached.intersection(Self.operationModules).sorted())")
    }

    @Test("The check sees an operation module reached through another module")
    func theCheckCanFail() {
        let graph: [String: Set<String>] = ["Broker": ["Wire"], "Wire": ["WorkerKit"], "WorkerKit": []]
        #expect(!Self.closure(of: "Broker", in: graph).isDisjoint(with: Self.operationModules))
    }
}
