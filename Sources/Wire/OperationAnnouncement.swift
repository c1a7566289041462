import JSON
public import Presentation
public import Schema

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
    /// The catalog keys the operation's questions and actions use, when the worker says (`uses`): the
    /// broker then refuses a catalog key nothing uses and an action key the catalog lacks.
    public let uses: CatalogUse?
    /// Why the broker cannot evaluate the announced input schema (`JSONSchema.problems(in:)`); empty when it
    /// can. Never sent: the broker reads it from the schema's JSON and refuses the announcement naming it.
    public private(set) var inputProblems: [String]

    /// An announcement of `name`.
    public init(name: String, summary: String, input: JSONSchema?, catalog: Catalog = Catalog([:]), uses: CatalogUse? = nil) {
        self.name = name
        self.summary = summary
        self.input = input
        self.catalog = catalog
        self.uses = uses
        inputProblems = []
    }

    /// Reads an announcement; a bare string is a name alone, as workers before announcements sent it.
    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.init(name: name, summary: "", input: nil)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let schema = try container.decodeIfPresent(JSONValue.self, forKey: .input)
        let problems = schema.map { JSONSchema.problems(in: $0) } ?? []
        self.init(
            name: try container.decode(String.self, forKey: .name),
            summary: try container.decodeIfPresent(String.self, forKey: .summary) ?? "",
            // With problems the broker refuses the announcement; one journaled before these checks keeps
            // the subset it was enforced with.
            input: problems.isEmpty ? try schema?.decode(as: JSONSchema.self) : try? schema?.decode(as: JSONSchema.self),
            catalog: try container.decodeIfPresent(Catalog.self, forKey: .catalog) ?? Catalog([:]),
            uses: try container.decodeIfPresent(CatalogUse.self, forKey: .uses))
        inputProblems = problems
    }

    /// Writes the announcement as a worker sends it (`inputProblems` is the broker's reading, never written).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(summary, forKey: .summary)
        try container.encodeIfPresent(input, forKey: .input)
        try container.encode(catalog, forKey: .catalog)
        try container.encodeIfPresent(uses, forKey: .uses)
    }

    private enum CodingKeys: String, CodingKey { case name, summary, input, catalog, uses }

    /// Whether `name` can name an operation: what an action id may be, so it reads well in paths and commands.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) }
    }
}
