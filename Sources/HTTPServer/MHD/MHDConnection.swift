import CMicroHTTPD
import Foundation

/// One libmicrohttpd connection, used only on the polling thread MHD calls us on.
struct MHDConnection {
    let handle: OpaquePointer

    /// The request headers, in order.
    func headers() -> HTTPHeaders {
        HTTPHeaders(values(.HEADER_KIND).map { HTTPHeaders.Field(name: $0.key, value: $0.value ?? "") })
    }

    /// The query items, decoded here because the server tells MHD not to unescape anything.
    func queryItems() -> [URLQueryItem] {
        values(.GET_ARGUMENT_KIND).map {
            URLQueryItem(name: HTTPRequest.queryDecoded($0.key), value: $0.value.map { HTTPRequest.queryDecoded($0) })
        }
    }

    /// The client's numeric IP address.
    func remoteAddress() -> String? {
        MHDInfo.clientAddress(handle).flatMap(Socket.numericHost)
    }

    /// The connection's socket descriptor, for noticing a client that went away.
    func socket() -> Int32? {
        MHDInfo.socket(handle)
    }

    /// Takes the connection out of MHD's event loop: no more calls for it until it is resumed. Only from
    /// the access handler or a content reader, as libmicrohttpd requires.
    func suspend() -> SuspendedConnection {
        MHD_suspend_connection(handle)
        return SuspendedConnection(handle: handle)
    }

    /// Queues a complete response; false when MHD refuses it (the connection is then closed).
    func queue(status: Int, headers: HTTPHeaders, body: Data) -> Bool {
        let response = body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        return queue(response, status: status, headers: headers)
    }

    /// Queues a streamed response read from `pump`; the pump is closed when MHD is done with it.
    func queue(status: Int, headers: HTTPHeaders, pump: StreamPump) -> Bool {
        let context = Unmanaged.passRetained(pump).toOpaque()
        guard
            let response = MHD_create_response_from_callback(
                UInt64.max, 4096, MHDCallbacks.readStream, context, MHDCallbacks.freeStream)
        else {
            MHDCallbacks.freeStream(context)
            return false
        }
        return queue(response, status: status, headers: headers)
    }

    private func queue(_ response: OpaquePointer?, status: Int, headers: HTTPHeaders) -> Bool {
        guard let response else { return false }
        defer { MHD_destroy_response(response) }
        // MHD refuses headers it manages itself (Content-Length) and malformed ones; those are dropped.
        for field in headers {
            _ = MHD_add_response_header(response, field.name, field.value)
        }
        return MHD_queue_response(handle, UInt32(status), response) == .YES
    }

    private func values(_ kind: MHD_ValueKind) -> [(key: String, value: String?)] {
        var collected: [(key: String, value: String?)] = []
        _ = withUnsafeMutablePointer(to: &collected) { list in
            MHD_get_connection_values_n(
                handle, kind,
                { list, _, key, keySize, value, valueSize in
                    let text = { (start: UnsafePointer<CChar>, count: Int) in
                        String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
                    }
                    guard let entries = list?.assumingMemoryBound(to: [(key: String, value: String?)].self) else {
                        return .NO
                    }
                    entries.pointee.append((key.map { text($0, keySize) } ?? "", value.map { text($0, valueSize) }))
                    return .YES
                }, list)
        }
        return collected
    }
}
