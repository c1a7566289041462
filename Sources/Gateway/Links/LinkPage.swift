import Foundation
import HTTPServer
import Presentation
import Primitives

/// The small HTML pages of an answer link: the question with its actions as one form, and the page
/// that says what happened. No script; the form posts back to the link's own address.
enum LinkPage {
    /// The style sheet every link page loads, served at `stylePath`.
    static let stylePath = "/answer.css"

    /// Same origin only, no script, forms only to this origin, no framing. The referrer is sent to the
    /// same origin only, so the form's POST carries the page's `Origin` (with `no-referrer` it would be `null`).
    static let headers: HTTPHeaders = [
        "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
        "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex",
    ]

    /// The question `presentation` for `link` in the language of `texts`, posting to `path`; `problem` is shown above the form.
    static func question(
        _ presentation: Presentation, link: AnswerLink, path: String, texts: LinkTexts, problem: String? = nil, status: Int = 200
    ) -> HTTPResponse {
        let catalog = texts.question
        let title = catalog.title(of: presentation, locale: texts.locale)
        var body = "<h1>\(escaped(title))</h1>\n"
        if let message = catalog.message(of: presentation, locale: texts.locale) { body += "<p class=\"message\">\(escaped(message))</p>\n" }
        if let problem { body += "<p class=\"problem\" role=\"alert\">\(escaped(problem))</p>\n" }
        body += "<form method=\"post\" action=\"\(escaped(path))\">\n"
        for field in presentation.fields {
            let type = field.kind == .secure ? "password" : "text"
            let limit = field.maxLength.map { " maxlength=\"\($0)\"" } ?? ""
            let placeholder = field.placeholder.map { catalog.localize(field.localization, part: "placeholder", fallback: $0, locale: texts.locale) }
            let hint = placeholder.map { " placeholder=\"\(escaped($0))\"" } ?? ""
            let label = catalog.localize(field.localization, part: nil, fallback: field.label, locale: texts.locale)
            body += "<label>\(escaped(label))<input type=\"\(type)\" name=\"value.\(escaped(field.id))\"\(limit)\(hint)></label>\n"
        }
        body += "<div class=\"actions\">\n"
        for action in ordered(presentation.actions) {
            let role = action.role.map { " class=\"\($0.rawValue)\"" } ?? ""
            body +=
                "<button type=\"submit\" name=\"action\" value=\"\(escaped(action.id))\"\(role)>\(escaped(catalog.label(of: action, locale: texts.locale)))</button>\n"
        }
        body += "</div>\n</form>\n"
        let answeringAs = texts.string("link.answeringAs", link.person, Timestamp.string(link.expiresAt))
        body += "<p class=\"for\">\(escaped(answeringAs))</p>\n"
        return page(title: title, body: body, language: texts.language, status: status)
    }

    /// A page that says what happened: `heading`, then `message`.
    static func notice(_ heading: String, _ message: String, texts: LinkTexts, status: Int) -> HTTPResponse {
        let body = "<h1>\(escaped(heading))</h1>\n<p class=\"message\">\(escaped(message))</p>\n"
        return page(title: heading, body: body, language: texts.language, status: status)
    }

    /// The page of a refusal, its sentence in the language of `texts`.
    static func refusal(_ refusal: LinkRefusal, texts: LinkTexts) -> HTTPResponse {
        let heading = texts.string(refusal.status == 410 ? "link.nothing" : "link.cannot")
        let message = texts.string("link.\(refusal.code.rawValue)", refusal.date.map(Timestamp.string) ?? "")
        return notice(heading, message, texts: texts, status: refusal.status)
    }

    /// The page of a question no longer pending: how it ended, in the language of `texts`.
    static func resolved(_ resolution: Resolution, texts: LinkTexts) -> HTTPResponse {
        let by = resolution.by ?? texts.string("page.someone")
        let ended =
            switch resolution.cause {
            case .answered: texts.string("link.was.answered", by, resolution.channel ?? "", resolution.action ?? "")
            case .dismissed: texts.string("link.was.dismissed", by)
            case .expired: texts.string("link.was.expired")
            case .withdrawn: texts.string("link.was.withdrawn")
            }
        return notice(texts.string("link.nothing"), texts.string("link.alreadyResolved", ended), texts: texts, status: 410)
    }

    /// The cancel action first, then the rest in the author's order, destructive ones last.
    private static func ordered(_ actions: [Action]) -> [Action] {
        actions.filter { $0.role == .cancel } + actions.filter { $0.role == nil } + actions.filter { $0.role == .destructive }
    }

    private static func page(title: String, body: String, language: String, status: Int) -> HTTPResponse {
        let html = """
            <!doctype html>
            <html lang="\(escaped(language))">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped(title)) · Interlude</title><link rel="stylesheet" href="\(stylePath)"></head>
            <body><main>
            \(body)</main></body>
            </html>

            """
        return HTTPResponse(status: status, headers: headers, body: Data(html.utf8))
    }

    /// `text` safe inside HTML text and double-quoted attributes.
    static func escaped(_ text: String) -> String { HTMLText.escaped(text) }

    /// The style sheet: one column that fits a phone, large touch targets.
    static let style = """
        body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f4f4f5; color: #18181b; }
        main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px;
               box-shadow: 0 2px 12px rgba(0,0,0,.12); }
        @media (max-width: 36rem) { main { margin: 0; border-radius: 0; min-height: 100vh; box-sizing: border-box; } }
        h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
        .message { white-space: pre-wrap; }
        .problem { color: #b91c1c; }
        .for { color: #52525b; font-size: .875rem; }
        label { display: block; margin: .75rem 0; }
        input { display: block; width: 100%; box-sizing: border-box; font: inherit; padding: .6rem; margin-top: .25rem;
                border: 1px solid #a1a1aa; border-radius: 8px; }
        .actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: 1rem; }
        button { flex: 1 1 8rem; min-height: 2.75rem; font: inherit; border-radius: 8px; border: 1px solid #2563eb;
                 background: #2563eb; color: #fff; }
        button.cancel { background: #fff; color: #18181b; border-color: #a1a1aa; }
        button.destructive { background: #dc2626; border-color: #dc2626; }
        @media (prefers-color-scheme: dark) {
          body { background: #18181b; color: #f4f4f5; } main { background: #27272a; } .for { color: #a1a1aa; }
          button.cancel { background: #27272a; color: #f4f4f5; }
        }

        """
}
