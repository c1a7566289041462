import Foundation

/// The page's served text, assembled from its files in `Assets/` (compiled in as `EmbeddedAssets`):
/// the document and icon as they are, the style sheet from its two files, and one strict-mode script
/// from its parts.
///
/// The script's parts: `core` (strings, requests, small helpers), `dialogs` (how a presentation
/// becomes an alert or an action sheet), `answers` (the click that POSTs), `live` (the inbox and
/// snapshots), `stream` (the events: EventSource, or fetch when a token must be sent), `jobs` (the job
/// list, its filters and search), `details` (an opened job and its timeline) and `start`. They share
/// one function scope, and the page's English strings are embedded as a fallback for when
/// `/catalog.json` cannot be loaded; they come from the same table as the catalog.
enum PageSources {
    /// `/`: no inline script or style (the CSP forbids both); texts marked `data-i18n` are replaced
    /// from the catalog once the script knows the reader's language.
    static let document = text("index.html")

    /// `/favicon.svg`: a speech bubble with a question mark, so browsers do not ask for `/favicon.ico`.
    static let icon = text("favicon.svg")

    /// `/app.css`: the page layout and the job list, then the two dialog kinds; Apple's system colours.
    static let style = text("style/page.css") + text("style/dialogs.css")

    /// The script's parts, in the order they run.
    static let scriptParts = ["core", "dialogs", "answers", "live", "stream", "jobs", "details", "start"]

    /// `/app.js`.
    static let script =
        "(() => {\n\"use strict\";\nconst FALLBACK_STRINGS = \(fallbackStrings);\n"
        + scriptParts.map { text("script/\($0).js") }.joined(separator: "\n") + "})();\n"

    private static let fallbackStrings: String = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let table = PageCatalog.tables["en"] ?? [:]
        return (try? encoder.encode(table)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }()

    /// The file at `path` below `Assets/`; a missing one is a build mistake the asset tests catch.
    static func text(_ path: String) -> String {
        guard let base64 = EmbeddedAssets.base64[path], let data = Data(base64Encoded: base64) else {
            preconditionFailure("no embedded asset \(path): run scripts/embed-page-assets")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
