import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long the disk under the journals takes to make a write durable: 4 KiB written and `fdatasync`ed,
/// again and again, in a scratch file of the journals' folder. A slow disk is told apart from a slow broker by it.
struct DiskSync: Encodable, Sendable {
    /// The folder the scratch file was in.
    let folder: String
    /// Each 4 KiB write and its `fdatasync`, microseconds.
    let latency: Latency

    /// Measures `writes` synced writes in `folder`; nil when the file cannot be written.
    static func measure(in folder: URL, writes: Int = 200) -> DiskSync? {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("fdatasync-\(getpid()).scratch").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer {
            close(descriptor)
            unlink(path)
        }
        let page = [UInt8](repeating: 0x61, count: 4096)
        var samples: [Duration] = []
        for index in 0..<writes {
            let start = ContinuousClock.now
            let written = page.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(index % 16) * 4096) }
            guard written == page.count, fdatasync(descriptor) == 0 else { return nil }
            samples.append(ContinuousClock.now - start)
        }
        return DiskSync(folder: folder.path, latency: Latency(samples))
    }
}
