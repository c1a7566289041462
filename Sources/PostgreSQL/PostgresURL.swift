import CPostgres
import Foundation

/// A `postgres://` or `postgresql://` connection URL, checked by libpq's own parser.
///
/// Its `description` is the redacted form (`postgresql://user:***@host:5432/db`), so interpolating it
/// into a log line or an error never prints the password.
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as given, password included: for libpq or a child process's settings, never for printing.
    public let text: String
    /// The URL with its password replaced by `***`.
    public let redacted: String
    /// The host (or hosts, comma-separated) it names; empty means libpq's default.
    public let host: String
    /// The port it names; empty means 5432.
    public let port: String
    /// The database it names; empty means the user's name.
    public let database: String

    /// Whether `text` has a PostgreSQL URL's scheme (and so is meant as one, good or bad).
    public static func isPostgres(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// Parses `text`; a URL libpq cannot read throws `misuse` with libpq's reason, redacted.
    public init(_ text: String) throws(PostgresError) {
        let redacted = Self.redact(text)
        guard Self.isPostgres(text) else {
            throw PostgresError(.misuse, "\(redacted) is not a PostgreSQL URL: it must start with postgres:// or postgresql://")
        }
        var failure: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(text, &failure) else {
            let reason = failure.map { String(cString: $0) } ?? "libpq cannot read it"
            failure.map { PQfreemem($0) }
            throw PostgresError(.misuse, "\(redacted) is not a valid PostgreSQL URL: \(Self.scrub(reason, of: text))")
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        self.text = text
        self.redacted = redacted
        host = values["host"] ?? values["hostaddr"] ?? ""
        port = values["port"] ?? ""
        database = values["dbname"] ?? ""
    }

    /// The redacted URL.
    public var description: String { redacted }

    /// `text` with the password of its user part and of any `password` query parameter replaced by `***`.
    public static func redact(_ text: String) -> String {
        var result = text
        for range in secretRanges(in: text).reversed() { result.replaceSubrange(range, with: "***") }
        return result
    }

    /// libpq's message about `text`, with every password the URL holds (as written, or decoded) taken out.
    static func scrub(_ message: String, of text: String) -> String {
        var scrubbed = PostgresError.oneLine(message)
        for range in secretRanges(in: text) {
            let secret = String(text[range])
            for form in Set([secret, secret.removingPercentEncoding ?? secret]) where !form.isEmpty {
                scrubbed = scrubbed.replacingOccurrences(of: form, with: "***")
            }
        }
        return scrubbed
    }

    /// Where passwords sit in a URL, in order: the user part's, and the values of query parameters
    /// whose name contains `password`.
    static func secretRanges(in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        guard let scheme = text.range(of: "://") else { return found }
        let authorityEnd = text[scheme.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        if let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@"), let colon = text[scheme.upperBound..<at].firstIndex(of: ":") {
            found.append(text.index(after: colon)..<at)
        }
        guard let query = text[authorityEnd...].firstIndex(of: "?") else { return found }
        var start = text.index(after: query)
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: "&") ?? text.endIndex
            if let equals = text[start..<end].firstIndex(of: "="), text[start..<equals].lowercased().contains("password") {
                found.append(text.index(after: equals)..<end)
            }
            start = end < text.endIndex ? text.index(after: end) : end
        }
        return found
    }
}
