import Foundation
import TestSupport
import Testing

@testable import Gateway

/// The page's files under `Sources/Gateway/Page/Assets/` are what the binary serves.
@Suite struct PageAssetsTests {
    /// `Sources/Gateway/Page/Assets/`: this file is `Tests/GatewayTests/PageAssetsTests.swift`.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Gateway/Page/Assets")

    static func files() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            files[String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    @Test("The compiled-in copy matches the files byte for byte (run scripts/embed-page-assets after editing one)")
    func embeddedCopyIsCurrent() throws {
        let files = try Self.files()
        #expect(files.count >= 10, "the assets were found: \(files.keys.sorted())")
        #expect(Set(EmbeddedAssets.base64.keys) == Set(files.keys))
        for (path, data) in files {
            #expect(EmbeddedAssets.base64[path].flatMap { Data(base64Encoded: $0) } == data, "\(path) differs: run scripts/embed-page-assets")
        }
    }

    @Test("The page's files are what is served: the document, the style sheet's two files, the script's parts in order")
    func servedAssetsComeFromTheFiles() async throws {
        let files = try Self.files()
        let text = { (path: String) in String(decoding: files[path] ?? Data(), as: UTF8.self) }
        let gateway = try OfflineGateway.start()
        defer { gateway.stop() }
        #expect(try await fetch(port: gateway.port, "/").text == text("index.html"))
        #expect(try await fetch(port: gateway.port, "/favicon.svg").text == text("favicon.svg"))
        #expect(try await fetch(port: gateway.port, "/app.css").text == text("style/page.css") + text("style/dialogs.css"))
        let script = try await fetch(port: gateway.port, "/app.js").text
        var position = script.startIndex
        for part in PageSources.scriptParts {
            let range = try #require(script.range(of: text("script/\(part).js"), range: position..<script.endIndex), "\(part).js is in app.js, in order")
            position = range.upperBound
        }
        #expect(script.hasPrefix("(() => {\n\"use strict\";\nconst FALLBACK_STRINGS = {"))
    }
}
