/// What one read from a raw-mode terminal means to the resolver.
public enum KeyInput: Sendable, Hashable {
    /// A key that may choose an action (a character, or Escape).
    case press(KeyPress)
    /// Ctrl-C or Ctrl-D: quit.
    case interrupt
    /// Enter: ends a line typed into a text field.
    case enter
    /// Backspace (DEL or Ctrl-H): takes back the last character typed into a text field.
    case backspace

    /// The inputs in one chunk of bytes read from a terminal in raw mode.
    ///
    /// A lone ESC byte is Escape; ESC followed by `[` or `O` starts an arrow or function key's
    /// sequence, which is ignored whole. Enter (CR, LF or CR LF) and Backspace (DEL, Ctrl-H) are for
    /// text fields; Tab and other control bytes mean nothing.
    public static func decode(_ bytes: [UInt8]) -> [KeyInput] {
        if bytes.first == 0x1B, bytes.count > 1, bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") {
            return []
        }
        var inputs: [KeyInput] = []
        var text: [UInt8] = []
        func flush() {
            for character in String(decoding: text, as: UTF8.self) where character != "\u{FFFD}" {
                inputs.append(.press(.character(character)))
            }
            text.removeAll()
        }
        var previous: UInt8 = 0
        for byte in bytes {
            defer { previous = byte }
            switch byte {
            case 0x0D, 0x0A:
                flush()
                if !(byte == 0x0A && previous == 0x0D) { inputs.append(.enter) }
            case 0x7F, 0x08:
                flush()
                inputs.append(.backspace)
            case 0x1B:
                flush()
                inputs.append(.press(.escape))
            case 0x03, 0x04:
                flush()
                inputs.append(.interrupt)
            case 0x00..<0x20:
                flush()
            default:
                text.append(byte)
            }
        }
        flush()
        return inputs
    }
}
