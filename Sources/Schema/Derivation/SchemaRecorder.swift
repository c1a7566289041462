import Foundation

/// A `Decoder` that hands out placeholder values and writes down what it was asked for.
final class SchemaRecorder: Decoder {
    /// Where a property's or an element's schema comes from: known at once, or a nested recorder still at work.
    enum Source {
        case schema(JSONSchema)
        case recorder(SchemaRecorder)

        var resolved: JSONSchema {
            switch self {
            case .schema(let schema): schema
            case .recorder(let recorder): recorder.finish()
            }
        }
    }

    /// A key `allKeys` offers to learn what a dictionary's values are; no struct's `CodingKeys` accepts it.
    static let anyKey = "\u{0}additionalProperties"
    static let maximumDepth = 24

    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    let depth: Int
    var type: JSONSchema.Kind?
    var properties: [(name: String, required: Bool, source: Source)] = []
    var additional: Source?
    var items: Source?
    var nullable = false
    /// The schema of a value read through a single-value container.
    var adopted: JSONSchema?

    init(codingPath: [any CodingKey], depth: Int) {
        self.codingPath = codingPath
        self.depth = depth
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        self.type = .object
        return KeyedDecodingContainer(KeyedRecorder<Key>(self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        type = .array
        return UnkeyedRecorder(self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueRecorder(self) }

    /// A recorder for a value nested at `key`.
    func child(_ key: (any CodingKey)?) -> SchemaRecorder {
        SchemaRecorder(codingPath: codingPath + (key.map { [$0] } ?? []), depth: depth + 1)
    }

    /// Records a property of the object being read.
    func property(_ name: String, required: Bool, _ source: Source) {
        if name == Self.anyKey {
            additional = source
        } else if !properties.contains(where: { $0.name == name }) {
            properties.append((name, required, source))
        }
    }

    /// Takes the schema of the one value read through a single-value container.
    func adopt(_ schema: JSONSchema) {
        adopted = schema
    }

    /// Everything recorded, as a schema.
    func finish() -> JSONSchema {
        if let adopted, type == nil { return nullable ? adopted.orNull : adopted }
        var schema = JSONSchema()
        schema.type = type.map { [$0] }
        if type == .object {
            let named = Dictionary(properties.map { ($0.name, $0.source.resolved) }, uniquingKeysWith: { first, _ in first })
            schema.properties = named.isEmpty ? nil : named
            let required = properties.filter(\.required).map(\.name)
            schema.required = required.isEmpty ? nil : required
            schema.additionalProperties = additional.map { .schema($0.resolved) }
        }
        if type == .array { schema.items = items?.resolved }
        return nullable ? schema.orNull : schema
    }
}
