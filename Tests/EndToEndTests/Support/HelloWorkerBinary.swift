import Foundation

/// Finds the example worker `Examples/HelloWorker` builds: `make test` builds it before the tests run.
///
/// `INTERLUDE_E2E_HELLO_WORKER` overrides the search.
enum HelloWorkerBinary {
    /// The example package: this file is `Tests/EndToEndTests/Support/HelloWorkerBinary.swift`.
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/HelloWorker")

    static func locate() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["INTERLUDE_E2E_HELLO_WORKER"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let built = package.appendingPathComponent(".build/debug/hello-worker")
        guard FileManager.default.isExecutableFile(atPath: built.path) else {
            throw EndToEndFailure(
                """
                \(built.path) is not built: run `swift build --package-path Examples/HelloWorker` first \
                (`make test` does), or set INTERLUDE_E2E_HELLO_WORKER to its path.
                """)
        }
        return built
    }
}
