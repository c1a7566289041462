import Foundation

/// CURVE keys for a sandbox, made by the real `interlude keygen`, and the broker's authorized keys file.
struct SandboxKeys {
    /// One key pair's files.
    struct Key {
        let name: String
        let secretFile: String
        let publicKey: String
    }

    let folder: URL
    let broker: Key
    /// The authorized keys file the broker reads (`authorizedKeysFile`).
    var authorizedFile: URL { folder.appendingPathComponent("authorized_keys") }

    /// Makes the broker's key in `sandbox/keys`.
    init(_ sandbox: Sandbox) async throws {
        folder = sandbox.root.appendingPathComponent("keys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        broker = try await Self.keygen("broker", sandbox: sandbox, folder: folder)
    }

    /// Runs `interlude keygen name --out keys` and reads back what it wrote.
    func make(_ name: String, in sandbox: Sandbox) async throws -> Key {
        try await Self.keygen(name, sandbox: sandbox, folder: folder)
    }

    private static func keygen(_ name: String, sandbox: Sandbox, folder: URL) async throws -> Key {
        let result = try await sandbox.cli(["keygen", name, "--out", folder.path])
        guard result.status == 0 else { throw EndToEndFailure("keygen \(name) failed: \(result)") }
        let publicFile = folder.appendingPathComponent("\(name).pub")
        let publicKey = try String(contentsOf: publicFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.stdout.contains(publicKey) else { throw EndToEndFailure("keygen did not print the public key: \(result)") }
        return Key(name: name, secretFile: folder.appendingPathComponent("\(name).key").path, publicKey: publicKey)
    }

    /// Writes the authorized keys file: one `ROLE NAME PUBLIC_KEY` line per entry.
    func authorize(_ entries: [(role: String, key: Key)]) throws {
        let lines = ["# written by the test"] + entries.map { "\($0.role) \($0.key.name) \($0.key.publicKey)" }
        try (lines.joined(separator: "\n") + "\n").write(to: authorizedFile, atomically: true, encoding: .utf8)
    }

    /// The settings of a process that connects to the broker with `key`.
    func client(_ key: Key) -> [String: String] {
        ["INTERLUDE_CURVE_SECRET_KEY_FILE": key.secretFile, "INTERLUDE_BROKER_PUBLIC_KEY": broker.publicKey]
    }

    /// The broker's own settings.
    var brokerSettings: [String: String] {
        ["INTERLUDE_CURVE_SECRET_KEY_FILE": broker.secretFile, "INTERLUDE_AUTHORIZED_KEYS_FILE": authorizedFile.path]
    }
}
