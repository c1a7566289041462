import Foundation
import HTTPServer
import Testing

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCase() {
        let headers: HTTPHeaders = ["Content-Type": "application/json"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["Content-Length"] == nil)
    }

    @Test func settingReplacesEveryFieldOfThatName() {
        var headers = HTTPHeaders()
        headers.add(name: "Set-Cookie", value: "a=1")
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        headers["Set-Cookie"] = "c=3"
        #expect(headers.values(for: "set-cookie") == ["c=3"])
        headers["set-cookie"] = nil
        #expect(Array(headers).isEmpty)
    }

    @Test func queryDecodingTurnsPlusIntoSpaceAndKeepsMalformedEscapes() {
        let request = HTTPRequest(method: .get, path: "/a%2Fb/%zz")
        #expect(request.pathSegments == ["a/b", "%zz"])
    }

    @Test func aMissingQueryValueReadsAsEmpty() {
        let request = HTTPRequest(
            method: .get, path: "/", queryItems: [URLQueryItem(name: "flag", value: nil)])
        #expect(request.query("flag") == "")
        #expect(request.query("other") == nil)
    }
}
