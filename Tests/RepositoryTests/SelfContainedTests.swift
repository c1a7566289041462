import Foundation
import Testing

/// The repository stands alone: a clone anywhere, with nothing beside it, builds and passes its tests.
@Suite("The repository stands alone") struct SelfContainedTests {
    @Test("No source, test, script or document refers to a path outside the repository")
    func nothingReadsOutside() throws {
        let files = try Repository.files()
        #expect(files.contains { $0.path == "Package.swift" }, "the root was found: \(Repository.root.path)")
        #expect(files.filter { $0.path.hasPrefix("Sources/") }.count > 50, "the sources were scanned")
        let check = OutsidePaths(root: Repository.root)
        let findings = files.flatMap { check.findings(in: $0) }
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test("The check finds a climb to a sibling folder, an absolute path beside the repository and a long #filePath climb")
    func theCheckCanFail() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-paths-\(UUID().uuidString)")
        let root = folder.appendingPathComponent("repository")
        let sibling = "beside-\(UUID().uuidString)"
        for made in [root, folder.appendingPathComponent(sibling)] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        // `#filePath` is spelled in two pieces so this file does not trip the check it tests.
        let filePath = "#file" + "Path"
        let text = """
            let a = root.appendingPathComponent("../\(sibling)/file.json")
            let b = "\(folder.path)/\(sibling)"
            let c = URL(fileURLWithPath: \(filePath)).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            let d = "../evil"
            let e = URL(fileURLWithPath: \(filePath)).deletingLastPathComponent().deletingLastPathComponent()
            """
        let file = Repository.File(path: "Tests/X/Y.swift", text: text)
        let findings = OutsidePaths(root: root.standardizedFileURL).findings(in: file)
        #expect(findings.map(\.line) == [1, 2, 3], "\(findings)")
    }
}
