extension JSONSchema {
    /// The schema of what `type`'s `init(from:)` reads, found by decoding it from a recorder that notes
    /// every key and type asked for: `decode` makes a property required, `decodeIfPresent` optional and
    /// nullable; `CaseIterable` enums with raw values become `enum`; dictionaries with string keys
    /// become `additionalProperties`. Unknown keys stay allowed, as `JSONDecoder` ignores them.
    ///
    /// Bounds and lengths cannot be seen this way: add them to the result, or write the schema.
    public init<T: Decodable>(deriving type: T.Type) throws(SchemaDerivationError) {
        do {
            self = try SchemaRecorder.placeholder(T.self, codingPath: [], depth: 0).schema
        } catch let error as SchemaDerivationError {
            throw SchemaDerivationError(type: "\(T.self)", path: error.path, reason: error.reason)
        } catch {
            throw SchemaDerivationError(type: "\(T.self)", path: "", reason: "\(error)")
        }
    }
}
