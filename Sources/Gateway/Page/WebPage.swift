import Foundation
public import HTTPServer
public import Presentation
import Primitives

/// The page at `/` where a person sees pending presentations as real dialogs and answers them.
///
/// Everything is plain HTML, CSS and JavaScript, in real files under `Page/Assets/` compiled into the
/// binary (`scripts/embed-page-assets`; no build tool chain, no resource bundle), so a copied
/// `interlude` binary still serves it. The page talks only to the
/// JSON API on the same origin: `GET /v1/presentations`, `GET /v1/jobs`, `GET /v1/events` (SSE) and
/// `POST /v1/presentations/{id}/answer`. A GET never answers anything.
///
/// `routes` registers it for `GET` on every path in `paths`; any other path it is handed gets a 404 JSON error.
public struct WebPage: HTTPHandler {
    /// The paths the page serves: the document, its script, its style sheet, its string catalog and its icon.
    public static let paths = ["/", "/app.js", "/app.css", "/catalog.json", "/favicon.svg"]

    /// The Content-Security-Policy every asset carries: same origin only, no inline code, no framing.
    public static let contentSecurityPolicy = [
        "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self'",
        "connect-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    private let operationTexts: @Sendable () async -> [(name: String, catalog: Catalog)]

    /// The page; `operationTexts` gives the announced operations' catalogs by name, which `/catalog.json`
    /// serves beside the page's own strings, each under its operation.
    public init(operationTexts: @escaping @Sendable () async -> [(name: String, catalog: Catalog)] = { [] }) {
        self.operationTexts = operationTexts
    }

    /// A `GET` route for each path, open to all; `operationTexts` as for `init`.
    static func routes(operationTexts: @escaping @Sendable () async -> [(name: String, catalog: Catalog)]) -> [GatewayRoute] {
        let page = WebPage(operationTexts: operationTexts)
        return paths.map { path in
            GatewayRoute(
                .get, path, access: .open,
                RouteDescription(
                    "The web page \(path == "/" ? "" : "asset ")to answer presentations from", id: pageIDs[path],
                    responses: [.init(status: 200, description: "The asset.", content: .media(mediaType(path)))]),
                page)
        }
    }

    /// Each asset's OpenAPI `operationId`.
    private static let pageIDs = [
        "/": "page", "/app.js": "pageScript", "/app.css": "pageStyle", "/catalog.json": "pageCatalog", "/favicon.svg": "pageIcon",
    ]

    private static func mediaType(_ path: String) -> String {
        if path.hasSuffix(".js") { return "text/javascript" }
        if path.hasSuffix(".css") { return "text/css" }
        if path.hasSuffix(".json") { return "application/json" }
        if path.hasSuffix(".svg") { return "image/svg+xml" }
        return "text/html"
    }

    /// Serves an asset for GET (and HEAD); 304 when the client's `If-None-Match` names it.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        guard request.method == .get || request.method == .head else {
            var response = HTTPResponse.error(405, code: "methodNotAllowed", message: "\(request.method) is not allowed on \(request.path).")
            response.headers["Allow"] = "GET, HEAD"
            return response
        }
        let path = request.path == "/index.html" ? "/" : request.path
        guard let asset = path == "/catalog.json" ? await catalog() : PageAsset.all[path] else {
            return .error(404, code: "notFound", message: "No resource at \(request.path).")
        }
        if let tags = request.headers["If-None-Match"],
            tags.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == asset.etag || $0.trimmingCharacters(in: .whitespaces) == "*"
            })
        {
            return HTTPResponse(status: 304, headers: asset.headers(includingType: false))
        }
        return HTTPResponse(status: 200, headers: asset.headers(includingType: true), body: asset.body)
    }

    private func catalog() async -> PageAsset {
        PageAsset("application/json; charset=utf-8", PageCatalog.json(adding: await operationTexts()))
    }
}

/// One served file: its bytes, type and entity tag, computed once.
struct PageAsset: Sendable {
    let contentType: String
    let body: Data
    let etag: String

    init(_ contentType: String, _ text: String) {
        self.contentType = contentType
        self.body = Data(text.utf8)
        self.etag = "\"\(FNV1a.hex(body))\""
    }

    /// The assets by path, but `/catalog.json`, which holds the operations' texts as announced now.
    static let all: [String: PageAsset] = [
        "/": PageAsset("text/html; charset=utf-8", PageSources.document),
        "/app.js": PageAsset("text/javascript; charset=utf-8", PageSources.script),
        "/app.css": PageAsset("text/css; charset=utf-8", PageSources.style),
        "/favicon.svg": PageAsset("image/svg+xml", PageSources.icon),
    ]

    /// The headers of a 200 (with the type) or a 304 (without): caching by validation and the security headers.
    func headers(includingType: Bool) -> HTTPHeaders {
        var headers: HTTPHeaders = [
            "Cache-Control": "no-cache",
            "ETag": etag,
            "Content-Security-Policy": WebPage.contentSecurityPolicy,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "X-Frame-Options": "DENY",
            "Cross-Origin-Opener-Policy": "same-origin",
        ]
        if includingType { headers["Content-Type"] = contentType }
        return headers
    }
}
