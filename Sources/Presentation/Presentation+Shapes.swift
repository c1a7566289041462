public import JSON

// What the wire types' shapes need of the presentation model's types, which keep their own coders: a
// reference to their OpenAPI component, and random values the identity tests' source draws valid.

extension Resolution.Cause: ShapeEnum {}

extension Presentation: JSONSchemaDescribed, ShapeRandom {
    /// A reference to the `Presentation` component.
    public static var jsonSchema: JSONValue { ShapeSchema.reference("Presentation") }

    /// A valid presentation, drawn by the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.value(of: Presentation.self) }
}

extension Presentation.Draft: JSONSchemaDescribed, ShapeRandom {
    /// A reference to the `Draft` component.
    public static var jsonSchema: JSONValue { ShapeSchema.reference("Draft") }

    /// A valid draft, drawn by the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.value(of: Presentation.Draft.self) }
}

extension Audience: JSONSchemaDescribed, ShapeRandom {
    /// A reference to the `Audience` component.
    public static var jsonSchema: JSONValue { ShapeSchema.reference("Audience") }

    /// An audience, drawn by the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.value(of: Audience.self) }
}

extension Resolution: JSONSchemaDescribed, ShapeRandom {
    /// A reference to the `Resolution` component.
    public static var jsonSchema: JSONValue { ShapeSchema.reference("Resolution") }

    /// A resolution, drawn by the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.value(of: Resolution.self) }
}

extension ApprovalProgress: JSONSchemaDescribed, ShapeRandom {
    /// A reference to the `ApprovalProgress` component.
    public static var jsonSchema: JSONValue { ShapeSchema.reference("ApprovalProgress") }

    /// Approval progress, drawn by the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.value(of: ApprovalProgress.self) }
}
