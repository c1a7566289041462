import Foundation
import Testing

/// `Package.swift` is the architecture diagram: every target declares exactly the modules of this
/// package it imports, and `docs/architecture.md` shows the same graph.
@Suite("Package.swift tells the truth") struct PackageTruthTests {
    static let manifest = Result { try PackageManifest(root: Repository.root) }

    @Test("Each target imports exactly the package modules it declares")
    func importsMatchDeclarations() throws {
        let manifest = try Self.manifest.get()
        let names = Set(manifest.targets.map(\.name))
        #expect(manifest.targets.count > 25, "the manifest was read: \(manifest.targets.map(\.name))")
        var problems: [String] = []
        for target in manifest.targets where target.kind != .systemLibrary {
            let folder = Repository.root.appendingPathComponent(target.path)
            let imports = SourceImports.modules(in: folder).filter { names.contains($0.key) && $0.key != target.name }
            for (module, files) in imports.sorted(by: { $0.key < $1.key }) where !target.dependencies.contains(module) {
                problems.append("\(target.name) imports \(module) (\(files.sorted().joined(separator: ", "))) but does not declare it")
            }
            for module in target.dependencies.sorted() where imports[module] == nil {
                problems.append("\(target.name) declares \(module) but no file of it imports \(module)")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("docs/architecture.md lists every module with the modules it depends on, as Package.swift declares")
    func architectureShowsTheGraph() throws {
        let manifest = try Self.manifest.get()
        let document = try String(contentsOf: Repository.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let modules = manifest.targets.filter { [.target, .executableTarget].contains($0.kind) && $0.path.hasPrefix("Sources/") }
        let expected = modules.map { module in
            let dependencies = module.dependencies.sorted().map { "`\($0)`" }.joined(separator: " ")
            return "| `\(module.name)` | \(dependencies.isEmpty ? "—" : dependencies) |"
        }
        let missing = expected.filter { !document.contains($0) }
        #expect(missing.isEmpty, "docs/architecture.md's module table should have these rows:\n\(expected.joined(separator: "\n"))")
    }

    @Test("The import reader sees imports in code only (public and package ones too), not in strings or comments")
    func theReaderSkipsLiterals() {
        let source = #"""
            import Foundation
            @testable import Gateway
            import struct Wire.Job
            public import JSON
            @preconcurrency package import Log
            // import Commented
            let script = """
                import io
                """
            """#
        #expect(SourceImports.modules(inSource: source) == ["Foundation", "Gateway", "Wire", "JSON", "Log"])
    }
}
