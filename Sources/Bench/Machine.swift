import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where and when a bench ran: `uname -srm`, the core count, the load when it started, the date and the journal's folder.
struct Machine: Encodable, Sendable {
    let system: String
    let cores: Int
    /// The 1-minute load average at the start: other work on the machine skews every figure.
    let load: Double
    let date: String
    /// Where the temporary journals went (`TMPDIR` moves them to another disk).
    let journalFolder: String

    static func current() -> Machine {
        var names = utsname()
        let system =
            uname(&names) == 0
            ? [text(names.sysname), text(names.release), text(names.machine)].joined(separator: " ")
            : ProcessInfo.processInfo.operatingSystemVersionString
        var load = [0.0]
        _ = getloadavg(&load, 1)
        return Machine(
            system: system, cores: ProcessInfo.processInfo.activeProcessorCount, load: load[0],
            date: Date().formatted(Date.ISO8601FormatStyle()), journalFolder: FileManager.default.temporaryDirectory.path)
    }

    /// A fixed-size C string field of `utsname`.
    private static func text<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }
}
