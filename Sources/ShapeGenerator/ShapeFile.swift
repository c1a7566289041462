/// What one `.shape` file declares: the modules its code imports, its string enums and its shapes.
struct ShapeFile {
    var imports: [String] = []
    var enums: [String] = []
    var shapes: [Shape] = []
}

/// One wire type: its Swift name, its component and its members in the order they are declared.
struct Shape {
    var type: String
    var component: String
    var isPublic = true
    /// Whether the gateway's OpenAPI document lists it (not the messages between the broker and workers).
    var isDocumented = true
    var docs: String?
    /// The key before which `write(to:splicing:)` lets a caller write members of its own (keys that sort there).
    var splice: String?
    /// A throwing method of the type that reading and decoding call once the members are set (`validate`).
    var check: String?
    /// Built through its initializer (`self.init(property: value, …)`, every member's property as a label) rather
    /// than by setting its stored properties: for a type whose initializer keeps a rule the members cannot.
    var initialized = false
    /// Its random values come from the source (`source.value(of:)`), which draws valid ones, not from its members.
    var randomFromSource = false
    var members: [Member] = []

    /// The type's name as its error messages say it: the last part (`Failure` for `Job.Failure`).
    var shortName: String { String(type.split(separator: ".").last ?? Substring(type)) }
}

/// One JSON member of a shape.
struct Member {
    /// How a member is read when absent and written when empty.
    enum Rule: Equatable {
        case required
        /// Required, and `null` is a value (of `JSONValue`, `RawJSON`), not an absence.
        case present
        case optional
        case nullable
        case defaulted(String)
    }

    var key: String
    var type: String
    var rule: Rule
    var property: String
    var read: String?
    var write: String?
    var omit: String?
    var schema: String?
    var docs: String

    /// Whether the Swift property is an optional.
    var isOptional: Bool { rule == .optional || rule == .nullable }

    /// The expression that gives the value written.
    var written: String { "self.\(write ?? property)" }
}
