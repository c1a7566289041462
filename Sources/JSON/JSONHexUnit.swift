/// The four hex digits of a JSON `\u` escape.
enum JSONHexUnit {
    /// The UTF-16 unit written by the four hex digits at `index`, or `nil` when fewer than four
    /// bytes remain or one of them is not a hex digit.
    static func read(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt16? {
        guard index >= 0, bytes.count - index >= 4 else { return nil }
        var value: UInt16 = 0
        for offset in index..<index + 4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
