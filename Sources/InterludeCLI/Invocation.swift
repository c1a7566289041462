import Foundation

/// How a person runs this very binary from a shell: `interlude` when that name on `PATH` is this binary,
/// else its full path (a fresh build is not on `PATH`, and a suggestion that fails is worse than a long one).
enum Invocation {
    /// The word to type for this binary.
    static var command: String {
        let me = executable
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("interlude")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate.resolvingSymlinksInPath().path == me ? "interlude" : quoted(me)
            }
        }
        return quoted(me)
    }

    /// The running binary's absolute path, links resolved.
    static var executable: String {
        let link = URL(fileURLWithPath: "/proc/self/exe")
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path) {
            return URL(fileURLWithPath: target).resolvingSymlinksInPath().path
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `path` as a shell word: in single quotes when it holds anything but letters, digits and `/._-+`.
    static func quoted(_ path: String) -> String {
        guard path.contains(where: { !($0.isLetter || $0.isNumber || "/._-+".contains($0)) }) else { return path }
        return "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
