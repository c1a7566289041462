public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPReply {
    /// Parses a whole `Content-Length` response as read from a socket.
    public init?(raw: Data) {
        guard let end = raw.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let lines = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.init(status: status, headers: headers, body: Data(raw[end.upperBound...]))
    }
}

/// Sends one request with URLSession, bounded by `timeout`. A POST is sent as JSON, as every client of
/// the API sends it, unless `headers` name another `Content-Type` (URLSession would say a form).
public func fetch(
    _ method: String = "GET", port: Int, _ target: String, body: Data? = nil, headers: [String: String] = [:],
    timeout: Double = 60
) async throws -> HTTPReply {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(target)")!)
    request.httpMethod = method
    request.httpBody = body
    request.timeoutInterval = timeout
    if method == "POST" { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return try await roundTrip(request)
}
