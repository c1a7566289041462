extension JSONValue: JSONReadable {
    /// Any JSON value; a number `Int64` reads (`2`, `2.0`, `2e0`) is an integer, as `JSONCoding.decoder` reads it.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        switch try reader.next() {
        case UInt8(ascii: "n"):
            try reader.literal("null")
            self = .null
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            self = .bool(try reader.readBool())
        case UInt8(ascii: "\""):
            self = .string(try reader.readString())
        case UInt8(ascii: "["):
            self = .array(try [JSONValue](reading: &reader))
        case UInt8(ascii: "{"):
            self = .object(try [String: JSONValue](reading: &reader))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = reader.index
            let token = try reader.numberToken()
            if let value = JSONReader.integer(Int64.self, reader.bytes, token) {
                self = .integer(value)
            } else if let double = JSONReader.double(reader.bytes, token.range) {
                self = .number(double)
            } else {
                throw JSONReadError(offset: start, reason: "a number is out of range")
            }
        default:
            throw reader.error("unexpected character")
        }
    }
}
