import CMicroHTTPD
import CMicroHTTPDErrorPages
import Foundation

/// Our JSON error body, instead of libmicrohttpd's HTML page, for the requests the library refuses
/// itself while parsing (a bad `Content-Length`, chunked body or version, a header line without a
/// colon, a request line and headers too large), before any handler runs.
///
/// The library makes those answers with `MHD_create_response_from_buffer`, reached in the C target
/// `CMicroHTTPDErrorPages` (docs/guarantees.md, item 16), which hands each page here; the library
/// keeps choosing the status and closing the connection.
enum MHDErrorPages {
    /// Installs the replacement for the whole process; every daemon does it before it starts.
    static let installed: Void = interlude_replace_mhd_error_pages(replace)

    /// The code and message for one of the library's pages, recognised by its text (libmicrohttpd
    /// 0.9.75's pages; an unknown one gets `badRequest`).
    static func error(forPage page: String) -> (code: String, message: String) {
        if page.contains("header was too big") {
            return ("requestHeadTooLarge", "The request line and headers are larger than the server accepts.")
        }
        if page.contains("Content-Length") {
            return page.contains("too large")
                ? ("payloadTooLarge", "The Content-Length is larger than any body the server accepts.")
                : ("badContentLength", "Content-Length must be a decimal number of bytes.")
        }
        if page.contains("chunk size") { return ("payloadTooLarge", "A chunk of the chunked body is too large.") }
        if page.contains("chunked encoding") { return ("badChunkedEncoding", "The chunked body is malformed.") }
        if page.contains("HTTP version") { return ("httpVersionNotSupported", "Only HTTP/1.0 and HTTP/1.1 are served.") }
        if page.contains("Host:") { return ("hostRequired", "An HTTP/1.1 request needs a Host header.") }
        if page.contains("syntactically incorrect") {
            return ("malformedRequest", "The request is not valid HTTP/1.1 (a header line without a colon, for one).")
        }
        if page.contains("Internal server error") { return ("internalError", "The server could not answer this request.") }
        return ("badRequest", "The request could not be read.")
    }

    /// The JSON response for a page; the library sets the status when it queues it.
    private static let replace: interlude_mhd_error_page_replacement = { page, length in
        guard let page else { return nil }
        let error = error(forPage: String(decoding: UnsafeRawBufferPointer(start: page, count: length), as: UTF8.self))
        // The status here is a placeholder: only the body and headers are used.
        let json = HTTPResponse.error(400, code: error.code, message: error.message)
        let response = (json.bodyData ?? Data()).withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let response else { return nil }
        for field in json.headers {
            _ = MHD_add_response_header(response, field.name, field.value)
        }
        _ = MHD_add_response_header(response, "X-Content-Type-Options", "nosniff")
        return response
    }
}
