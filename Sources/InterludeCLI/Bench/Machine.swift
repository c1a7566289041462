import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where and when a bench ran: `uname -srm`, the core count and the date.
struct Machine: Encodable, Sendable {
    let system: String
    let cores: Int
    let date: String

    static func current() -> Machine {
        var names = utsname()
        let system = uname(&names) == 0
            ? [text(names.sysname), text(names.release), text(names.machine)].joined(separator: " ")
            : ProcessInfo.processInfo.operatingSystemVersionString
        return Machine(
            system: system, cores: ProcessInfo.processInfo.activeProcessorCount,
            date: Date().formatted(Date.ISO8601FormatStyle()))
    }

    /// A fixed-size C string field of `utsname`.
    private static func text<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }
}
