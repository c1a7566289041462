/// A wire type declared once in a `.shape` file: its reader, writer, `Codable`, OpenAPI component and random
/// values are generated from that declaration (`Sources/ShapeGenerator/README.md`).
public protocol JSONShape: Codable, JSONReadable, JSONWritable, JSONSchemaDescribed, ShapeRandom {
    /// The name of its OpenAPI component.
    static var shapeName: String { get }
    /// Its OpenAPI component: an object schema with its members, their docs and the required ones.
    static var componentSchema: JSONValue { get }
}

extension JSONShape {
    /// A member of a shape's type refers to its component.
    public static var jsonSchema: JSONValue { ShapeSchema.reference(shapeName) }
}

/// A string enumeration on the wire (`enum TYPE` in a `.shape` file): read, written, described and drawn at
/// random from its raw values.
public protocol ShapeEnum: JSONReadable, JSONWritable, JSONSchemaDescribed, ShapeRandom, CaseIterable, RawRepresentable
where RawValue == String {}

extension ShapeEnum {
    /// Writes the raw value as a string.
    public func write(to writer: inout JSONWriter) throws { writer.string(rawValue) }

    /// A string, one of the raw values.
    public static var jsonSchema: JSONValue { ShapeSchema.enumeration(allCases.map(\.rawValue)) }

    /// One of the cases.
    public init(randomUsing source: inout some ShapeRandomSource) {
        let cases = Array(Self.allCases)
        self = cases[Int(source.int().magnitude % UInt(cases.count))]
    }
}
