import CMicroHTTPD
import Foundation

/// The C entry points libmicrohttpd calls; each only finds its Swift object and forwards.
enum MHDCallbacks {
    /// The shape of `MHD_OPTION_UNESCAPE_CALLBACK`, which the header declares only in prose.
    typealias Unescape = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int

    /// Every step of a request: headers received, each piece of body, then the final call.
    static let access: MHD_AccessHandlerCallback = { server, connection, url, method, version, upload, uploadSize, slot in
        guard let server, let connection, let uploadSize, let slot else { return .NO }
        let core = Unmanaged<ServerCore>.fromOpaque(server).takeUnretainedValue()
        let step = ServerCore.Step(
            path: url.map { String(cString: $0) } ?? "/", method: method.map { String(cString: $0) } ?? "",
            version: version.map { String(cString: $0) } ?? "",
            upload: UnsafeRawBufferPointer(start: upload, count: upload == nil ? 0 : uploadSize.pointee))
        let context: RequestContext
        let first: Bool
        if let existing = slot.pointee {
            context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
            first = false
        } else {
            // Released by `completed`, which MHD calls for every request however it ends.
            context = RequestContext(method: HTTPMethod(rawValue: step.method))
            slot.pointee = Unmanaged.passRetained(context).toOpaque()
            first = true
        }
        let accepted = core.advance(context, connection: MHDConnection(handle: connection), step: step, first: first)
        uploadSize.pointee = 0
        return accepted ? .YES : .NO
    }

    /// The end of a request, however it ended: releases its context, and the connection waits for the next.
    static let completed: MHD_RequestCompletedCallback = { server, connection, slot, _ in
        if let server, let connection {
            Unmanaged<ServerCore>.fromOpaque(server).takeUnretainedValue().deadlines.completed(connection)
        }
        guard let slot, let context = slot.pointee else { return }
        Unmanaged<RequestContext>.fromOpaque(context).release()
        slot.pointee = nil
    }

    /// A connection accepted or closed: keeps the count the connection limit is checked against, and
    /// the connections whose requests have deadlines.
    static let connection: MHD_NotifyConnectionCallback = { server, connection, _, code in
        guard let server else { return }
        let core = Unmanaged<ServerCore>.fromOpaque(server).takeUnretainedValue()
        if code == .CONNECTION_NOTIFY_STARTED {
            core.connections.opened()
            if let connection { core.deadlines.opened(connection) }
        } else {
            if let connection { core.deadlines.closed(connection) }
            core.connections.closed()
        }
    }

    /// A connection just accepted: refused (closed at once, unanswered) when the limit is already open.
    /// MHD's own limit, one higher, is never reached: at its limit MHD would stop accepting and leave new
    /// clients waiting unanswered in the listen backlog instead.
    static let admit: MHD_AcceptPolicyCallback = { server, _, _ in
        guard let server else { return .NO }
        let core = Unmanaged<ServerCore>.fromOpaque(server).takeUnretainedValue()
        return core.connections.current < core.connectionLimit ? .YES : .NO
    }

    /// Leaves the path and query exactly as sent; splitting before decoding keeps `%2F` inside a segment.
    static let keepEscapes: Unescape = { _, _, text in
        text.map { strlen($0) } ?? 0
    }

    /// MHD asking for the next piece of a streamed body.
    static let readStream: MHD_ContentReaderCallback = { pump, _, buffer, capacity in
        guard let pump, let buffer else { return StreamPump.endWithError }
        return Unmanaged<StreamPump>.fromOpaque(pump).takeUnretainedValue().read(into: buffer, capacity: capacity)
    }

    /// MHD is done with a streamed body: the client left, the stream ended, or the server stopped.
    static let freeStream: MHD_ContentReaderFreeCallback = { pump in
        guard let pump else { return }
        let owned = Unmanaged<StreamPump>.fromOpaque(pump).takeRetainedValue()
        owned.close()
    }
}
