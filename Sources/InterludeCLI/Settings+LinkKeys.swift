import Configuration
import Foundation
import Gateway

extension Settings {
    /// The answer link key file: `linkKeyFile`, or `<data>/link.keys` when that is empty.
    var linkKeyPath: String {
        linkKeyFile.isEmpty ? URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("link.keys").path : linkKeyFile
    }

    /// The answer link keys of `linkKeyPath` with `linkKeyGraceSeconds`; nil when the file does not exist.
    func linkKeys() throws(GatewayError) -> LinkKeys? {
        let path = linkKeyPath
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try LinkKeys(text: try String(contentsOfFile: path, encoding: .utf8), grace: TimeInterval(linkKeyGraceSeconds))
        } catch let error as LinkKeyError {
            throw GatewayError(.invalidLinkKeys, "linkKeyFile \(path): \(error)")
        } catch {
            throw GatewayError(.invalidLinkKeys, "linkKeyFile \(path) cannot be read: \(error.localizedDescription)")
        }
    }

    /// Adds a new key to the answer link key file (made with mode 0600 when missing); returns the file's path.
    @discardableResult
    func addLinkKey() throws -> String {
        let path = linkKeyPath
        let manager = FileManager.default
        if !manager.fileExists(atPath: path) {
            try manager.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            let header = "# Interlude answer link keys: <created Unix seconds> <base64 key>, newest last. Secret.\n"
            guard manager.createFile(atPath: path, contents: Data(header.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw GatewayError(.invalidLinkKeys, "linkKeyFile \(path) cannot be created")
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(LinkKeys.newLine().utf8))
        return path
    }
}
