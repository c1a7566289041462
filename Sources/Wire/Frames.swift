import Foundation
import JSON
import Presentation

/// A message that travels as ZeroMQ frames: `[version, type, correlation, JSON body]`.
public protocol WireMessage: Sendable {
    /// The message's name on the wire, such as `submit` or `dispatch`.
    var type: String { get }
    /// The JSON body.
    func body() throws -> Data
    /// Rebuilds a message from its type and body.
    static func decode(type: String, body: Data) throws(WireError) -> Self
}

/// Encoding and decoding of the four-frame envelope every Interlude message uses.
public enum Frames {
    /// The protocol version every message carries in its first frame.
    public static let version = "interlude/1"
    /// The frames of `message`, with a correlation id the reply will echo.
    public static func encode(_ message: some WireMessage, correlation: String = "") -> [Data] {
        let body = (try? message.body()) ?? Data("{}".utf8)
        return [Data(version.utf8), Data(message.type.utf8), Data(correlation.utf8), body]
    }

    /// Decodes frames into a message and its correlation id; never traps on bad input.
    ///
    /// A body over `limits.maxMessageBytes` is refused as `tooLarge`, and the JSON pre-reader checks
    /// the body (grammar, nesting, keys) before the decoder sees it, so no body costs more than its size.
    public static func decode<M: WireMessage>(
        _ frames: [Data], as: M.Type = M.self, limits: MessageLimits = .standard
    ) throws(WireError) -> (message: M, correlation: String) {
        let envelope = try envelope(frames, limits: limits)
        return (try M.decode(type: envelope.type, body: envelope.body), envelope.correlation)
    }

    /// A message's envelope checked as `decode` checks it (version, text frames, size, the JSON
    /// pre-reader), with its body left undecoded: for a receiver that decodes it elsewhere or passes it on.
    public static func envelope(_ frames: [Data], limits: MessageLimits = .standard) throws(WireError) -> Envelope {
        guard frames.count == 4 else {
            throw WireError(.malformedFrames, "expected 4 frames [version, type, correlation, body], got \(frames.count)")
        }
        guard let version = String(data: frames[0], encoding: .utf8), version.hasPrefix("interlude/") else {
            throw WireError(.malformedFrames, "the first frame is not an interlude protocol version")
        }
        guard version == Self.version else {
            throw WireError(.unsupportedVersion, "protocol \(version) is not supported; this side speaks \(Self.version)")
        }
        guard let type = String(data: frames[1], encoding: .utf8), !type.isEmpty,
              let correlation = String(data: frames[2], encoding: .utf8)
        else { throw WireError(.malformedFrames, "the type and correlation frames must be UTF-8 text") }
        guard frames[3].count <= limits.maxMessageBytes else {
            throw WireError(.tooLarge, "\(type): body of \(frames[3].count) bytes is over the \(limits.maxMessageBytes)-byte limit (maxMessageBytes)")
        }
        try preRead(frames[3], in: type, limits: limits)
        return Envelope(type: type, correlation: correlation, body: frames[3])
    }

    /// A received message's type, correlation id and JSON body, checked but not decoded.
    public struct Envelope: Sendable {
        /// The message's name on the wire, such as `job`.
        public let type: String
        /// The correlation id the message carries.
        public let correlation: String
        /// The JSON body, as it arrived.
        public let body: Data
    }

    /// Runs the JSON pre-reader over a body, turning a refusal into `invalidBody`.
    public static func preRead(_ body: Data, in message: String, limits: MessageLimits = .standard) throws(WireError) {
        do {
            try limits.json.check(body)
        } catch {
            throw WireError(.invalidBody, "\(message): \(error)")
        }
    }

    /// Decodes a JSON payload, turning any failure into `invalidBody` with the path that broke.
    public static func payload<T: Decodable>(_ type: T.Type, _ body: Data, in message: String) throws(WireError) -> T {
        try decoded(T.self, body, in: message)
    }

    /// Reads a JSON payload with the hand-written reader (one pass, no `Codable`), which accepts exactly what
    /// the decoder accepts; a refused body goes through the decoder too, so the error names the path that broke.
    public static func payload<T: Decodable & JSONReadable>(_ type: T.Type, _ body: Data, in message: String) throws(WireError) -> T {
        if let value = try? JSONReader.read(T.self, from: body) { return value }
        return try decoded(T.self, body, in: message)
    }

    private static func decoded<T: Decodable>(_ type: T.Type, _ body: Data, in message: String) throws(WireError) -> T {
        do {
            return try JSONCoding.decoder.decode(T.self, from: body)
        } catch let error as DecodingError {
            throw WireError(.invalidBody, "\(message): \(error.readable)")
        } catch {
            throw WireError(.invalidBody, "\(message): \(error)")
        }
    }

    /// Encodes a payload with the shared JSON settings.
    public static func json(_ value: some Encodable) throws -> Data {
        try JSONCoding.encoder.encode(value)
    }

    static let empty = Data("{}".utf8)
}

extension DecodingError {
    /// One line naming the JSON path and what was wrong there.
    public var readable: String {
        func path(_ context: Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "body" : String(keys.dropFirst(keys.hasPrefix(".") ? 1 : 0))
        }
        switch self {
        case .keyNotFound(let key, let context): return "missing field \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(let type, let context): return "\(path(context)): expected \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)): expected \(type), found null"
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError as? InvalidPresentation { return underlying.description }
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(self)"
        }
    }
}
