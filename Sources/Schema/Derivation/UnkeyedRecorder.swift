/// The unkeyed container of a `SchemaRecorder`: it holds one element, whose schema becomes `items`.
struct UnkeyedRecorder: UnkeyedDecodingContainer {
    let recorder: SchemaRecorder
    private(set) var currentIndex = 0

    init(_ recorder: SchemaRecorder) { self.recorder = recorder }

    var codingPath: [any CodingKey] { recorder.codingPath }
    var count: Int? { nil }
    var isAtEnd: Bool { currentIndex > 0 }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, schema) = try SchemaRecorder.placeholder(T.self, codingPath: codingPath + [Index(currentIndex)], depth: recorder.depth)
        recorder.items = .schema(schema)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try nested().container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try nested().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { nested() }

    private mutating func nested() -> SchemaRecorder {
        let child = recorder.child(Index(currentIndex))
        recorder.items = .recorder(child)
        currentIndex += 1
        return child
    }

    /// An element's position as a coding key.
    struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { String(intValue ?? 0) }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }
}
