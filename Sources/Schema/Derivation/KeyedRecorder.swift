/// The keyed container of a `SchemaRecorder`: every key asked for becomes a property.
struct KeyedRecorder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: SchemaRecorder

    init(_ recorder: SchemaRecorder) { self.recorder = recorder }

    var codingPath: [any CodingKey] { recorder.codingPath }

    /// One key no `CodingKeys` enum accepts but a dictionary's key type does: its value describes every value.
    var allKeys: [Key] { [Key(stringValue: SchemaRecorder.anyKey)].compactMap { $0 } }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try record(T.self, key, required: true) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try record(T.self, key, required: false) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let child = recorder.child(key)
        recorder.property(key.stringValue, required: true, .recorder(child))
        return try child.container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let child = recorder.child(key)
        recorder.property(key.stringValue, required: true, .recorder(child))
        return try child.unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { recorder }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let child = recorder.child(key)
        recorder.property(key.stringValue, required: true, .recorder(child))
        return child
    }

    private func record<T: Decodable>(_ type: T.Type, _ key: Key, required: Bool) throws -> T {
        let (value, schema) = try SchemaRecorder.placeholder(T.self, codingPath: codingPath + [key], depth: recorder.depth)
        recorder.property(key.stringValue, required: required, .schema(required ? schema : schema.orNull))
        return value
    }

    // The standard library's own overloads for JSON's leaf types, each recorded like any other type.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try record(type, key, required: true) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try record(type, key, required: true) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try record(type, key, required: true) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try record(type, key, required: true) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try record(type, key, required: true) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try record(type, key, required: true) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try record(type, key, required: true) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try record(type, key, required: true) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try record(type, key, required: true) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try record(type, key, required: true) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try record(type, key, required: true) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try record(type, key, required: true) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try record(type, key, required: true) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try record(type, key, required: true) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try record(type, key, required: false) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try record(type, key, required: false) }
}
