import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process's resident memory and CPU time so far, read from `/proc` (Linux; nil elsewhere).
struct ProcessUsage: Sendable, Equatable {
    let residentBytes: Int
    /// User plus system CPU time, in seconds.
    let cpuSeconds: Double

    /// The usage of process `pid` now, or nil if it cannot be read.
    static func of(_ pid: Int32) -> ProcessUsage? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let resident = residentBytes(status: status),
            let ticks = cpuTicks(stat: stat)
        else { return nil }
        return ProcessUsage(residentBytes: resident, cpuSeconds: Double(ticks) / Double(max(1, sysconf(Int32(_SC_CLK_TCK)))))
    }

    /// `VmRSS` of `/proc/PID/status` in bytes (the file gives kB).
    static func residentBytes(status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }

    /// `utime + stime` of `/proc/PID/stat`, in clock ticks: fields 14 and 15, counted after the `(comm)` that may hold spaces.
    static func cpuTicks(stat: String) -> Int? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(whereSeparator: \.isWhitespace)
        // fields[0] is the state (field 3), so field N is fields[N - 3].
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}
