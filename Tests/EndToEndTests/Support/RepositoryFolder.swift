import Foundation

/// The repository these tests were compiled from: this file is `Tests/EndToEndTests/Support/RepositoryFolder.swift`.
enum RepositoryFolder {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
