public import Foundation

/// Who can be mailed: each person's address and language, by the name answers are recorded under
/// (a token's name). Read from the `peopleFile`: `{"people": {"ana": {"email": "ana@example.com",
/// "language": "es"}}}`; `language` is optional (English).
public struct People: Sendable, Hashable {
    /// One person who can be mailed.
    public struct Person: Sendable, Hashable, Codable {
        /// The address mail goes to.
        public let email: String
        /// The language of their mail (`es`, `es_MX`); nil: English.
        public let language: String?

        /// A person at `email` who reads `language`.
        public init(email: String, language: String? = nil) {
            self.email = email
            self.language = language
        }
    }

    /// Everyone, by name.
    public let byName: [String: Person]

    /// These people.
    public init(_ byName: [String: Person] = [:]) {
        self.byName = byName
    }

    private struct File: Decodable {
        let people: [String: Person]
    }

    /// The people of a people file's bytes; a bad file, or a bad address in it, is an error naming it.
    public init(json: Data, path: String) throws(MailError) {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: json)
        } catch {
            throw MailError(.invalidPeople, "peopleFile \(path) is not {\"people\": {\"NAME\": {\"email\": …, \"language\": …}}}")
        }
        for (name, person) in file.people where !Self.isAddress(person.email) {
            throw MailError(.invalidPeople, "peopleFile \(path): \(name)'s email \"\(person.email)\" is not an address such as ana@example.com")
        }
        self.init(file.people)
    }

    /// The people of the file at `path`; none when `path` is empty or the file does not exist.
    public init(file path: String) throws(MailError) {
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path) else {
            self.init()
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw MailError(.invalidPeople, "peopleFile \(path) cannot be read") }
        try self.init(json: data, path: path)
    }

    /// Whether `text` is a bare address: one `@` with text either side, no spaces, brackets, quotes or line breaks.
    public static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
            && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !"<>()[],;:\\\"".unicodeScalars.contains($0) }
    }
}
