import CCurl
import Foundation

/// One request as a libcurl easy handle, with the body, header list and response headers it owns;
/// used only on the client's thread.
final class CurlTransfer {
    let request: CurlRequest
    let easy: UnsafeMutableRawPointer
    private let body: UnsafeMutableRawBufferPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var responseHeaders: [String: String] = [:]
    private var responseBody = Data()

    /// An easy handle ready to add to a multi handle; nil if libcurl cannot make one.
    init?(_ request: CurlRequest, settings: CurlSettings) {
        guard let easy = curl_easy_init() else { return nil }
        self.request = request
        self.easy = easy
        body = .allocate(byteCount: max(1, request.body.count), alignment: 1)
        request.body.withUnsafeBytes { bytes in body.copyMemory(from: bytes) }
        // libcurl adds `Expect: 100-continue` to larger bodies; the empty field removes it.
        for line in request.headers.map({ "\($0.key): \($0.value)" }) + ["Expect:"]
        where !line.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) {
            headerList = curl_slist_append(headerList, line)
        }
        configure(settings)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        body.deallocate()
    }

    /// The answer once libcurl reports the transfer done with `code`.
    func result(_ code: CURLcode) -> Result<HTTPClientResponse, HTTPClientError> {
        guard code == CURLE_OK else { return .failure(HTTPClientError(curl: code)) }
        var status = 0
        _ = interlude_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
        guard status > 0 else { return .failure(HTTPClientError(code: .other, curlCode: Int(CURLE_WEIRD_SERVER_REPLY.rawValue))) }
        return .success(HTTPClientResponse(status: status, headers: responseHeaders, body: responseBody))
    }

    private func configure(_ settings: CurlSettings) {
        let this = Unmanaged.passUnretained(self).toOpaque()
        _ = interlude_curl_set_string(easy, CURLOPT_URL, request.url)
        _ = interlude_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = interlude_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = interlude_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        let timeout = request.timeoutMilliseconds ?? settings.timeoutMilliseconds
        _ = interlude_curl_set_long(easy, CURLOPT_TIMEOUT_MS, timeout)
        if timeout == 0 {
            // No limit on the whole transfer: a stream ends when it stalls for the client's timeout instead.
            _ = interlude_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, settings.timeoutMilliseconds)
            _ = interlude_curl_set_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
            _ = interlude_curl_set_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, settings.timeoutMilliseconds / 1_000))
        }
        if request.method == "GET" {
            _ = interlude_curl_set_long(easy, CURLOPT_HTTPGET, 1)
        } else {
            _ = interlude_curl_set_long(easy, CURLOPT_POST, 1)
            _ = interlude_curl_set_size(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count))
            _ = interlude_curl_set_pointer(easy, CURLOPT_POSTFIELDS, body.baseAddress)
        }
        _ = interlude_curl_set_pointer(easy, CURLOPT_HTTPHEADER, headerList)
        _ = interlude_curl_set_callback(easy, CURLOPT_WRITEFUNCTION, readBody)
        _ = interlude_curl_set_pointer(easy, CURLOPT_WRITEDATA, this)
        _ = interlude_curl_set_callback(easy, CURLOPT_HEADERFUNCTION, readHeader)
        _ = interlude_curl_set_pointer(easy, CURLOPT_HEADERDATA, this)
        if let authorities = settings.certificateAuthorities {
            _ = interlude_curl_set_string(easy, CURLOPT_CAINFO, authorities)
        }
    }

    /// Records one header line; a status line starts a new response (after a 1xx), forgetting the previous one's.
    fileprivate func header(_ line: UnsafeRawBufferPointer) {
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            responseHeaders = [:]
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }
        let name = text[..<colon].lowercased()
        responseHeaders[name] = text[text.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension CurlTransfer {
    /// Keeps, hands on or drops one piece of the response's body.
    fileprivate func body(_ piece: UnsafeRawBufferPointer) {
        switch request.reading {
        case .discard: break
        case .keep: responseBody.append(contentsOf: piece)
        case .stream(let receive):
            var status = 0
            _ = interlude_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
            receive(status, Data(piece))
        }
    }
}

/// The client's fixed settings every transfer is configured with.
struct CurlSettings: Sendable {
    let timeoutMilliseconds: Int
    let certificateAuthorities: String?
}

/// Hands each piece of the response's body to its transfer.
private let readBody: curl_write_callback = { buffer, size, count, context in
    guard let buffer, let context else { return size * count }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    transfer.body(UnsafeRawBufferPointer(start: buffer, count: size * count))
    return size * count
}

/// Hands each response header line to its transfer.
private let readHeader: curl_write_callback = { buffer, size, count, context in
    guard let buffer, let context else { return size * count }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    transfer.header(UnsafeRawBufferPointer(start: buffer, count: size * count))
    return size * count
}
