import Presentation
import Schema

/// What a worker tells the broker about one operation it runs, in its `ready`: the broker knows no
/// operation but those announced, checks every submit against the input schema, and hands the texts to
/// resolvers.
public struct OperationAnnouncement: Codable, Sendable, Hashable {
    /// The name clients submit, such as `greet`: 1–64 of `A–Z a–z 0–9 _ . -`.
    public let name: String
    /// One line for people: `interlude operations`, the API and the web page show it.
    public let summary: String
    /// The JSON Schema every input must satisfy; `nil` accepts any input (the worker's decoding still decides).
    public let input: JSONSchema?
    /// The texts of the operation's questions: locale → catalog key → template.
    public let catalog: Catalog

    /// An announcement of `name`.
    public init(name: String, summary: String, input: JSONSchema?, catalog: Catalog = Catalog([:])) {
        self.name = name
        self.summary = summary
        self.input = input
        self.catalog = catalog
    }

    /// Reads an announcement; a bare string is a name alone, as workers before announcements sent it.
    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.init(name: name, summary: "", input: nil)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            summary: try container.decodeIfPresent(String.self, forKey: .summary) ?? "",
            input: try container.decodeIfPresent(JSONSchema.self, forKey: .input),
            catalog: try container.decodeIfPresent(Catalog.self, forKey: .catalog) ?? Catalog([:]))
    }

    private enum CodingKeys: String, CodingKey { case name, summary, input, catalog }

    /// Whether `name` can name an operation: what an action id may be, so it reads well in paths and commands.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) }
    }
}
