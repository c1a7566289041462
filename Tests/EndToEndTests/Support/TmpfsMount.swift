import Foundation

/// A small tmpfs mounted over a folder, to give a process a disk that fills up. Needs root; where it
/// cannot be mounted, `available` is false and the tests that need it are skipped.
struct TmpfsMount {
    let folder: URL

    /// Mounts a tmpfs of `bytes` over `folder` (created if needed).
    init(at folder: URL, bytes: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", folder.path]) else {
            throw EndToEndFailure("cannot mount a tmpfs on \(folder.path)")
        }
        self.folder = folder
    }

    /// Makes it read-only, as a read-only mount of a disk would be (its files stay as they are).
    func remountReadOnly() throws {
        guard Self.run("/bin/mount", ["-o", "remount,ro", folder.path]) else { throw EndToEndFailure("cannot remount \(folder.path) read-only") }
    }

    /// Unmounts it (its contents go with it).
    func unmount() {
        _ = Self.run("/bin/umount", ["-l", folder.path])
    }

    /// Writes a file until the file system is full; returns it (remove it to free the space).
    func fill() throws -> URL {
        let file = folder.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let chunk = Data(repeating: 0x5A, count: 16 << 10)
        while (try? handle.write(contentsOf: chunk)) != nil {}
        return file
    }

    /// Whether this process may mount a tmpfs (it is root and `mount` works here).
    static let available: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-tmpfs-probe-\(UUID().uuidString.prefix(8))")
        guard let mount = try? TmpfsMount(at: probe, bytes: 1 << 20) else { return false }
        mount.unmount()
        try? FileManager.default.removeItem(at: probe)
        return true
    }()

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
