import Foundation

/// Header values made safe: control characters (line breaks above all) become spaces, and text that is
/// not plain printable ASCII, or too long for one line, becomes RFC 2047 encoded words (`=?UTF-8?B?…?=`).
enum HeaderText {
    /// `text` with every control character replaced by a space.
    static func plain(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    /// `text` as it may stand in a header: itself when it is short printable ASCII, otherwise encoded
    /// words of at most 75 characters each, folded onto lines of their own.
    static func encoded(_ text: String) -> String {
        let clean = plain(text)
        if clean.utf8.count <= 60, clean.unicodeScalars.allSatisfy({ $0.isASCII }), !clean.contains("=?") { return clean }
        var words: [String] = []
        var chunk = ""
        for character in clean {
            // 45 bytes of UTF-8 are 60 characters of base64; with `=?UTF-8?B?` and `?=` a word stays within 75.
            if chunk.utf8.count + String(character).utf8.count > 45 {
                words.append(word(chunk))
                chunk = ""
            }
            chunk.append(character)
        }
        if !chunk.isEmpty || words.isEmpty { words.append(word(chunk)) }
        return words.joined(separator: "\r\n ")
    }

    private static func word(_ text: String) -> String {
        "=?UTF-8?B?\(Data(text.utf8).base64EncodedString())?="
    }
}
