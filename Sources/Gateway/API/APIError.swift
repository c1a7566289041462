public import HTTPServer
public import Presentation
public import Schema
public import Wire

/// A refused or failed API request: its status, a stable code, a message, and the winning resolution on conflicts.
public struct APIError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status.
    public let status: Int
    /// A stable code, such as `notFound` or `alreadyResolved`.
    public let code: String
    /// What a person reads.
    public let message: String
    /// How the presentation ended, on answer conflicts; rendered (possibly null) when `carriesResolution`.
    public internal(set) var resolution: Resolution?
    /// Whether the body has a `resolution` field: answers refused with 409.
    public internal(set) var carriesResolution: Bool
    /// Every way a submitted input breaks its operation's schema, on `invalidInput`.
    public internal(set) var violations: [SchemaViolation]?
    /// Extra response headers, such as `WWW-Authenticate`.
    public var headers: HTTPHeaders = [:]

    /// An error with the given status and code.
    public init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
        self.resolution = nil
        self.carriesResolution = false
    }

    /// The broker's refusal, with the status `status(for:)` gives its code.
    public init(_ error: WireError) {
        status = Self.status(for: error.code)
        code = error.code.rawValue
        message = error.message
        resolution = error.resolution
        carriesResolution = error.code == .alreadyResolved || error.code == .stale
        violations = error.violations
    }

    /// The one mapping from broker error codes to HTTP statuses.
    public static func status(for code: WireError.Code) -> Int {
        switch code {
        case .invalidBody, .unknownOperation, .invalidInput, .invalidPresentation, .unknownAction, .invalidAnswer, .invalidAnnouncement: 422
        case .notFound: 404
        case .alreadyResolved, .stale, .notCancellable, .alreadyApproved: 409
        case .tooLarge: 413
        case .idempotencyConflict: 422
        case .storageFull: 507
        case .quarantined: 500
        case .unavailable, .notActive: 503
        case .timeout: 504
        case .malformedFrames, .unsupportedVersion, .unknownMessage: 502
        case .internal: 500
        case .forbidden: 403
        }
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
