import Foundation

/// Finds references from a file of the repository to paths outside it.
///
/// Three shapes are recognised: a relative path climbing out of the repository to something that
/// exists there (resolved from the file's folder and from the root, where commands run); an absolute
/// path into a folder that contains the repository; and `#filePath` followed by more
/// `deletingLastPathComponent()` calls than the file is deep. Hostile inputs in tests (`../evil`)
/// name nothing that exists beside the repository, so they pass.
struct OutsidePaths {
    let root: URL

    /// One reference found: where, and the text that refers outside.
    struct Finding: CustomStringConvertible {
        let file: String
        let line: Int
        let text: String
        var description: String { "\(file):\(line): \(text)" }
    }

    /// Every reference to a path outside the root in `file`.
    func findings(in file: Repository.File) -> [Finding] {
        var found: [Finding] = []
        let lines = file.text.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
            for climb in climbs(in: line) where escapes(climb, from: file.path) {
                found.append(Finding(file: file.path, line: index + 1, text: climb))
            }
            for absolute in absolutePaths(in: line) where outsideAncestor(absolute) {
                found.append(Finding(file: file.path, line: index + 1, text: absolute))
            }
            if line.contains("#filePath") {
                // The statement goes on while the next lines continue the chain (`.deleting…`).
                let continued = lines[(index + 1)...].prefix { $0.trimmingCharacters(in: .whitespaces).hasPrefix(".") }
                let statement = ([line] + continued).joined(separator: "\n")
                let climbs = statement.components(separatedBy: ".deletingLastPathComponent()").count - 1
                if climbs > file.path.split(separator: "/").count {
                    found.append(Finding(file: file.path, line: index + 1, text: "#filePath climbed \(climbs) folders"))
                }
            }
        }
        return found
    }

    /// Runs of `../` with what follows them up to a quote, space or bracket: `../sibling/x.json`.
    private func climbs(in line: String) -> [String] {
        matches(of: #"(?:\.\./)+[^\s"'`)\]}]*"#, in: line)
    }

    /// Absolute paths in quotes: `"/srv/data"`.
    private func absolutePaths(in line: String) -> [String] {
        matches(of: #"(?<=["'`])/[A-Za-z0-9._-]+(?:/[A-Za-z0-9._-]+)*"#, in: line)
    }

    /// Whether `climb`, resolved from the file's folder or from the root, leaves the root for
    /// something that exists there (the first name after the `..`s is enough: `../sibling`).
    private func escapes(_ climb: String, from path: String) -> Bool {
        let parts = climb.split(separator: "/")
        let ups = parts.prefix { $0 == ".." }.count
        // A bare climb (`cd "$(dirname "$0")/../.."`) names nothing outside; it is read relative to its file.
        guard parts.count > ups else { return false }
        let reach = parts.prefix(ups + 1).joined(separator: "/")
        let folder = root.appendingPathComponent(path).deletingLastPathComponent()
        return [folder, root].contains { base in
            let target = base.appendingPathComponent(reach).standardizedFileURL
            return !isInside(target) && FileManager.default.fileExists(atPath: target.path)
        }
    }

    /// Whether an absolute path lies in a folder that contains the root (the system's temporary folder
    /// and `/` itself excepted) without being inside the root.
    private func outsideAncestor(_ path: String) -> Bool {
        let target = URL(fileURLWithPath: path).standardizedFileURL
        guard !isInside(target) else { return false }
        let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path
        var ancestor = root.deletingLastPathComponent().standardizedFileURL
        while ancestor.path != "/" {
            if ancestor.path != temporary, target.path.hasPrefix(ancestor.path + "/") { return true }
            ancestor = ancestor.deletingLastPathComponent().standardizedFileURL
        }
        return false
    }

    private func isInside(_ url: URL) -> Bool {
        url.path == root.path || url.path.hasPrefix(root.path + "/")
    }

    private func matches(of pattern: String, in line: String) -> [String] {
        guard line.contains("/"), let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(line.startIndex..., in: line)
        return expression.matches(in: line, range: range).compactMap { Range($0.range, in: line).map { String(line[$0]) } }
    }
}
