import Foundation
import Presentation
import Primitives

/// The two bodies of a mail written side by side: the plain text and the HTML, every text escaped once here.
struct MailBody {
    private(set) var text: String
    private var content: String
    private let language: String

    /// A body in `language` starting with `title` and, when there is one, `message`.
    init(title: String, message: String?, language: String) {
        self.language = language
        text = title + "\n\n" + (message.map { $0 + "\n\n" } ?? "")
        content = "<h1 style=\"font-size:1.25rem\">\(Self.escaped(title))</h1>\n"
        if let message { content += "<p style=\"white-space:pre-wrap\">\(Self.escaped(message))</p>\n" }
    }

    /// A paragraph.
    mutating func paragraph(_ sentence: String) {
        text += sentence + "\n\n"
        content += "<p>\(Self.escaped(sentence))</p>\n"
    }

    /// A link: `text` in the plain part, a button labelled `label` to `url` in the HTML.
    mutating func link(_ label: String, _ url: String, text line: String, role: Action.Role?) {
        text += line + "\n"
        let colour = role == .destructive ? "#dc2626" : role == .cancel ? "#52525b" : "#2563eb"
        content +=
            "<p><a href=\"\(Self.escaped(url))\" style=\"display:inline-block;padding:.5rem 1rem;border-radius:8px;"
            + "background:\(colour);color:#fff;text-decoration:none\">\(Self.escaped(label))</a></p>\n"
    }

    /// A small note after the links.
    mutating func note(_ sentence: String) {
        text += (text.hasSuffix("\n\n") ? "" : "\n") + sentence + "\n"
        content += "<p style=\"color:#52525b;font-size:.875rem\">\(Self.escaped(sentence))</p>\n"
    }

    /// The HTML document.
    var html: String {
        "<!doctype html>\n<html lang=\"\(Self.escaped(language))\"><head><meta charset=\"utf-8\"></head>\n<body style=\"font-family:system-ui,sans-serif\">\n\(content)</body></html>\n"
    }

    /// `text` safe inside HTML text and double-quoted attributes.
    static func escaped(_ text: String) -> String { HTMLText.escaped(text) }
}
