import Foundation
import JSON
public import Presentation

/// A refused or failed gateway request: the API's JSON error (`{"error": {"code", "message"}}`) with its
/// HTTP status, and on a 409 the resolution that won; status 0 when no response came at all.
public struct GatewayClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status, or 0 when the gateway could not be reached or its answer not read.
    public let status: Int
    /// The API's stable code, such as `notFound`, `alreadyResolved` or `forbidden`; or one of this library's.
    public let code: String
    /// What a person reads.
    public let message: String
    /// How the presentation ended, when an answer lost the race (409): who answered first, and with what.
    public let resolution: Resolution?

    /// An error with the given status, code and message.
    public init(status: Int, code: String, message: String, resolution: Resolution? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.resolution = resolution
    }

    /// `code (status): message`.
    public var description: String { status == 0 ? "\(code): \(message)" : "\(code) (\(status)): \(message)" }

    /// Whether someone or something else resolved the presentation first (409 with its resolution).
    public var isLostRace: Bool { status == 409 && (code == "alreadyResolved" || code == "stale") }

    /// The gateway could not be reached, or the connection broke before an answer.
    public static let unreachable = "unreachable"
    /// The gateway answered something this library cannot read.
    public static let unexpectedResponse = "unexpectedResponse"
    /// The TLS connection failed: the gateway's certificate is not trusted (or the handshake broke); not
    /// retried, since trying again changes nothing.
    public static let untrusted = "untrusted"
    /// The base URL and path do not make a URL.
    public static let badURL = "badURL"

    /// The error a response of `status` carries in `body`; a body that is not the API's error is still an error.
    init(status: Int, body: Data) {
        if let envelope = try? JSONCoding.decoder.decode(Envelope.self, from: body) {
            self.init(status: status, code: envelope.error.code, message: envelope.error.message, resolution: envelope.error.resolution)
        } else {
            let text = String(decoding: body.prefix(200), as: UTF8.self)
            self.init(status: status, code: Self.unexpectedResponse, message: "HTTP \(status) without the API's error body: \(text)")
        }
    }

    /// `{"error": {"code", "message", "resolution"?}}`.
    private struct Envelope: Decodable {
        struct Body: Decodable {
            let code: String
            let message: String
            let resolution: Resolution?
        }

        let error: Body
    }
}
