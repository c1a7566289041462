public import Foundation

/// Where a shape's random values come from: the identity tests give one that draws the strings and numbers
/// most likely to be written differently.
public protocol ShapeRandomSource {
    /// Any string.
    mutating func string() -> String
    /// Any whole number.
    mutating func int() -> Int
    /// Any 64-bit whole number.
    mutating func int64() -> Int64
    /// Any finite number.
    mutating func double() -> Double
    /// `true` or `false`.
    mutating func bool() -> Bool
    /// Any date.
    mutating func date() -> Date
    /// Any JSON value.
    mutating func json() -> JSONValue
    /// Any JSON value as bytes, in the encoder's spelling.
    mutating func raw() -> RawJSON
    /// How many elements an array or an object gets.
    mutating func count() -> Int
    /// Whether an optional member is set.
    mutating func hasValue() -> Bool
    /// A value of a type declared without a shape, which the source draws itself (one whose values must be
    /// valid to be read, such as a presentation); a source that does not know the type stops the program.
    mutating func value<T>(of type: T.Type) -> T
}

/// A type a shape's random values can hold.
public protocol ShapeRandom {
    /// A value drawn from `source`.
    init(randomUsing source: inout some ShapeRandomSource)
}

extension String: ShapeRandom {
    /// A string from the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.string() }
}

extension Bool: ShapeRandom {
    /// A boolean from the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.bool() }
}

extension Int: ShapeRandom {
    /// A whole number from the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.int() }
}

extension Int64: ShapeRandom {
    /// A 64-bit whole number from the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.int64() }
}

extension Double: ShapeRandom {
    /// A finite number from the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.double() }
}

extension Date: ShapeRandom {
    /// A date from the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.date() }
}

extension JSONValue: ShapeRandom {
    /// A JSON value from the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.json() }
}

extension RawJSON: ShapeRandom {
    /// JSON bytes from the source.
    public init(randomUsing source: inout some ShapeRandomSource) { self = source.raw() }
}

extension Array: ShapeRandom where Element: ShapeRandom {
    /// As many elements as the source says.
    public init(randomUsing source: inout some ShapeRandomSource) {
        self = []
        for _ in 0..<source.count() { append(Element(randomUsing: &source)) }
    }
}

extension Dictionary: ShapeRandom where Key == String, Value: ShapeRandom {
    /// As many members as the source says (a repeated key keeps its last value).
    public init(randomUsing source: inout some ShapeRandomSource) {
        self = [:]
        for _ in 0..<source.count() {
            let key = source.string()
            self[key] = Value(randomUsing: &source)
        }
    }
}
