import Foundation
import Gateway
import HTTPServer
import Presentation
import Testing

@Suite struct WebPageTests {
    /// What `/catalog.json` holds: the page's own tables, and each operation's by name.
    struct CatalogDocument: Decodable {
        let page: [String: [String: String]]
        let operations: [String: [String: [String: String]]]
    }

    static func get(_ path: String, headers: HTTPHeaders = [:]) async -> HTTPResponse {
        await WebPage().handle(HTTPRequest(method: .get, path: path, headers: headers))
    }

    static func text(_ response: HTTPResponse) -> String {
        String(decoding: response.bodyData ?? Data(), as: UTF8.self)
    }

    @Test func theDocumentIsHTMLWithTheSecurityHeadersAndLoadsItsScript() async {
        let response = await Self.get("/")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        let policy = response.headers["Content-Security-Policy"] ?? ""
        #expect(policy.contains("default-src 'none'"))
        #expect(policy.contains("script-src 'self'"))
        #expect(policy.contains("connect-src 'self'"))
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval") && !policy.contains("http"))
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.headers["Referrer-Policy"] == "no-referrer")
        let html = Self.text(response)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains(#"<script src="/app.js" defer></script>"#))
        #expect(html.contains(#"<link rel="stylesheet" href="/app.css">"#))
        #expect(html.contains(#"name="viewport""#))
    }

    @Test func theDocumentHasNoInlineScriptStyleOrExternalResource() async {
        let html = Self.text(await Self.get("/"))
        #expect(html.components(separatedBy: "<script").count == 2, "one script element, the external one")
        #expect(!html.contains("<style") && !html.contains("style="))
        #expect(html.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil, "no event handler attributes")
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"))
    }

    @Test func theScriptIsJavaScriptThatAnswersWithAPostNamingTheWebChannel() async {
        let response = await Self.get("/app.js")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        let script = Self.text(response)
        #expect(script.hasPrefix("(() => {\n\"use strict\";"))
        #expect(script.contains(#"request("POST", url, Object.keys(values).length ? { action: action.id, values } : { action: action.id })"#))
        #expect(script.contains(#""X-Interlude-Channel": "web""#))
        #expect(script.contains(#"new EventSource(`/v1/events"#))
        #expect(!script.contains("innerHTML") && !script.contains("eval("))
    }

    @Test func theStyleSheetIsCSS() async {
        let response = await Self.get("/app.css")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(Self.text(response).contains(".action.destructive"))
    }

    @Test func anUnknownAssetIsA404JSONError() async throws {
        let response = await Self.get("/app.jsx")
        #expect(response.status == 404)
        #expect(response.headers["Content-Type"] == "application/json")
        let body = try JSONDecoder().decode([String: [String: String]].self, from: try #require(response.bodyData))
        #expect(body["error"]?["code"] == "notFound")
    }

    @Test func onlyGetAndHeadAreServed() async {
        let post = await WebPage().handle(HTTPRequest(method: .post, path: "/"))
        #expect(post.status == 405)
        #expect(post.headers["Allow"] == "GET, HEAD")
        let head = await WebPage().handle(HTTPRequest(method: .head, path: "/app.css"))
        #expect(head.status == 200)
    }

    @Test func aMatchingETagGetsA304() async throws {
        let first = await Self.get("/app.js")
        let tag = try #require(first.headers["ETag"])
        let again = await Self.get("/app.js", headers: ["If-None-Match": tag])
        #expect(again.status == 304)
        #expect(again.bodyData?.isEmpty == true)
        #expect(again.headers["Content-Security-Policy"] != nil)
        #expect(await Self.get("/app.js", headers: ["If-None-Match": "\"other\""]).status == 200)
    }

    @Test func everyAdvertisedPathIsServed() async {
        for path in WebPage.paths {
            #expect(await Self.get(path).status == 200, "\(path)")
        }
    }

    @Test func theCatalogHasBothLanguagesForEveryKey() async throws {
        let response = await Self.get("/catalog.json")
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        let catalog = try JSONDecoder().decode(CatalogDocument.self, from: try #require(response.bodyData))
        let tables = catalog.page
        #expect(Set(tables.keys) == ["en", "es"])
        let english = try #require(tables["en"])
        let spanish = try #require(tables["es"])
        #expect(Set(english.keys) == Set(spanish.keys), "keys only one language has: \(Set(english.keys).symmetricDifference(spanish.keys))")
        for (key, template) in english {
            #expect(Catalog.placeholders(in: template) == Catalog.placeholders(in: spanish[key] ?? ""), "\(key)")
        }
        #expect(english["page.answered"] == "Answered by {0} ({1}) with {2}")
        #expect(spanish["action.cancel"] == "Cancelar", "the buttons the model adds by itself")
        #expect(catalog.operations.isEmpty, "no operation texts without a broker")
    }

    @Test("The catalog serves each operation's texts under its own name, never merged with another's or the page's")
    func theCatalogKeepsEachOperationsTextsApart() async throws {
        let remove = Catalog(["en": ["action.remove": "Remove", "removeDownload.confirm.title": "Remove download"]])
        let hostile = Catalog(["en": ["action.remove": "Keep it (safe)", "removeDownload.confirm.title": "Nothing will be deleted"]])
        let greet = Catalog(["es": ["greet.confirm.title": "¿Saludar a {0}?", "page.answered": "not the page's"]])
        let page = WebPage(operationTexts: { [("aaEvil", hostile), ("greet", greet), ("removeDownload", remove)] })
        let response = await page.handle(HTTPRequest(method: .get, path: "/catalog.json"))
        let catalog = try JSONDecoder().decode(CatalogDocument.self, from: try #require(response.bodyData))
        #expect(catalog.operations["removeDownload"]?["en"] == ["action.remove": "Remove", "removeDownload.confirm.title": "Remove download"])
        #expect(catalog.operations["aaEvil"]?["en"]?["action.remove"] == "Keep it (safe)", "only for aaEvil's own questions")
        #expect(catalog.operations["greet"]?["es"]?["greet.confirm.title"] == "¿Saludar a {0}?")
        #expect(catalog.page["es"]?["page.answered"] == "Respondida por {0} ({1}) con {2}", "the page's own texts are the page's")
        #expect(catalog.page["en"]?["action.remove"] == nil)
        let tag = try #require(response.headers["ETag"])
        #expect(await page.handle(HTTPRequest(method: .get, path: "/catalog.json", headers: ["If-None-Match": tag])).status == 304)
    }
}
