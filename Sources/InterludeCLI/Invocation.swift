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
                return candidate.resolvingSymlinksInPath().path == me ? "interlude" : quoted(shortened(me))
            }
        }
        return quoted(shortened(me))
    }

    /// The running binary's absolute path, links resolved.
    static var executable: String {
        let link = URL(fileURLWithPath: "/proc/self/exe")
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path) {
            return URL(fileURLWithPath: target).resolvingSymlinksInPath().path
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `path` as people know a SwiftPM build: `…/.build/debug/interlude` rather than
    /// `…/.build/x86_64-unknown-linux-gnu/debug/interlude`, when `.build/debug` is the link that leads there.
    static func shortened(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let build = parts.lastIndex(of: ".build"), parts.count > build + 3 else { return path }
        let candidate = (parts[...build] + parts[(build + 2)...]).joined(separator: "/")
        return URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path == path ? candidate : path
    }

    /// `path` as a shell word: in single quotes when it holds anything but letters, digits and `/._-+`.
    static func quoted(_ path: String) -> String {
        guard path.contains(where: { !($0.isLetter || $0.isNumber || "/._-+".contains($0)) }) else { return path }
        return "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
