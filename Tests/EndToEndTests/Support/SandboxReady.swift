import Foundation
import TestSupport

extension Sandbox {
    /// Waits until `process` prints the block that starts with `title` (what `broker`, `gateway` and `up`
    /// print once listening), records the endpoints it names, and returns its rows by name.
    @discardableResult
    func ready(_ process: ProcessHandle, _ title: String, timeout: Duration = .seconds(20)) async throws -> [String: String] {
        let rows = try await eventually("`\(process.name)` to print \"\(title)\"", timeout: timeout) { () throws -> [String: String]? in
            if let ended = process.termination { throw EndToEndFailure("`\(process.name)` exited at start (\(ended)):\n\(process.tail())") }
            return Self.rows(after: title, in: process.stdout)
        }
        for (name, value) in rows {
            switch name {
            case "clients", "workers", "events": record(name, value)
            case "gateway":
                guard let url = URL(string: value), let host = url.host, let port = url.port else {
                    throw EndToEndFailure("`\(process.name)` printed a gateway that is not a URL: \(value)")
                }
                record("http", "\(host):\(port)")
                await GatewayConformance.register(port: port, isRunning: { process.termination == nil })
            default: continue
            }
        }
        return rows
    }

    /// The `  name  value` rows under `title`, up to the blank line that ends the block; nil until then.
    static func rows(after title: String, in output: String) -> [String: String]? {
        let lines = output.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: title) else { return nil }
        let block = lines[(start + 1)...].prefix { !$0.isEmpty }
        guard start + 1 + block.count < lines.count - 1 else { return nil }
        var rows: [String: String] = [:]
        for line in block where line.hasPrefix("  ") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.count >= 2 { rows[String(words[0])] = String(words[1]) }
        }
        return rows
    }
}
