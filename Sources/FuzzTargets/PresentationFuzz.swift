import Foundation
import JSON
import Presentation
import Wire

/// A presentation as JSON: checked by the strict reader, decoded, its texts checked and escaped, encoded again.
enum PresentationFuzz {
    static func run(_ data: Data) {
        guard (try? JSONReader.check(data, limits: MessageLimits.standard.json)) != nil,
            let presentation = try? JSONCoding.decoder.decode(Presentation.self, from: data)
        else { return }
        let text = String(decoding: (try? JSONCoding.encoder.encode(presentation)) ?? Data(), as: UTF8.self)
        _ = TextRules.firstControl(in: text)
        let escaped = TextRules.escaped(text)
        precondition(TextRules.firstControl(in: escaped) == nil, "escaped text still holds a control character")
        _ = try? JSONCoding.decoder.decode(Presentation.self, from: Data(text.utf8))
    }
}
