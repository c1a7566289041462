public import Foundation
public import JSON
import Presentation

/// A message that travels as ZeroMQ frames: `[version, type, correlation, JSON body]`.
public protocol WireMessage: Sendable {
    /// The message's name on the wire, such as `submit` or `dispatch`.
    var type: String { get }
    /// The JSON body.
    func body() throws -> Data
    /// Rebuilds a message from its type and body, reading the body in one pass: strictly and within `limits`
    /// when given, or as `JSONDecoder` reads it when nil (a body its envelope already checked).
    static func decode(type: String, body: Data, limits: JSONLimits?) throws(WireError) -> Self
}

extension WireMessage {
    /// Rebuilds a message from its type and a body its envelope already checked (`Frames.envelope`).
    public static func decode(type: String, body: Data) throws(WireError) -> Self {
        try decode(type: type, body: body, limits: nil)
    }
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
    /// A body over `limits.maxMessageBytes` is refused as `tooLarge`, and the body is read in one pass by the
    /// strict JSON reader, which refuses bad grammar, bad UTF-8, deeper nesting or more keys per object than
    /// `limits.json` allows where it meets them, so no body costs more than its size.
    public static func decode<M: WireMessage>(
        _ frames: [Data], as: M.Type = M.self, limits: MessageLimits = .standard
    ) throws(WireError) -> (message: M, correlation: String) {
        let envelope = try header(frames, limits: limits)
        return (try M.decode(type: envelope.type, body: envelope.body, limits: limits.json), envelope.correlation)
    }

    /// A message's envelope checked as `decode` checks it (version, text frames, size, and its body by the
    /// strict JSON reader's `check`), with its body left undecoded: for a receiver that decodes it elsewhere
    /// (with `decode(type:body:)`) or passes it on.
    public static func envelope(_ frames: [Data], limits: MessageLimits = .standard) throws(WireError) -> Envelope {
        let envelope = try header(frames, limits: limits)
        try check(envelope.body, in: envelope.type, limits: limits.json)
        return envelope
    }

    /// The envelope's frames checked, the body only for its size.
    private static func header(_ frames: [Data], limits: MessageLimits) throws(WireError) -> Envelope {
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

    /// Checks a body with the strict JSON reader under `limits` (grammar, UTF-8, nesting, keys per object),
    /// turning a refusal into `invalidBody`; nil limits check nothing (a body already checked).
    public static func check(_ body: Data, in message: String, limits: JSONLimits?) throws(WireError) {
        guard let limits else { return }
        do {
            try JSONReader.check(body, limits: limits)
        } catch {
            throw WireError(.invalidBody, "\(message): \(error)")
        }
    }

    /// `value`, for a message whose body says nothing, once that body is checked as any other is.
    public static func bodiless<M>(_ value: M, _ body: Data, in message: String, limits: JSONLimits?) throws(WireError) -> M {
        try check(body, in: message, limits: limits)
        return value
    }

    /// Decodes a JSON payload with `JSONDecoder` once the strict reader has checked it under `limits`,
    /// turning any failure into `invalidBody` with the path that broke.
    public static func payload<T: Decodable>(
        _ type: T.Type, _ body: Data, in message: String, limits: JSONLimits? = .standard
    ) throws(WireError) -> T {
        try check(body, in: message, limits: limits)
        return try decoded(T.self, body, in: message)
    }

    /// Reads a JSON payload with the hand-written reader in one pass (no `Codable`), strictly and within
    /// `limits`. A refused body is refused in the reader's words when its JSON is bad or over the limits, and
    /// otherwise goes through the decoder, so the error names the path that broke.
    public static func payload<T: Decodable & JSONReadable>(
        _ type: T.Type, _ body: Data, in message: String, limits: JSONLimits? = .standard
    ) throws(WireError) -> T {
        if let value = try? JSONReader.read(T.self, from: body, limits: limits) { return value }
        try check(body, in: message, limits: limits)
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
