/// An HTTP request method such as GET or POST; any token the client sends is representable.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token as sent, for example `GET`.
    public let rawValue: String

    /// A method from its token.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A method from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The method token.
    public var description: String { rawValue }

    /// GET: read a resource.
    public static let get: HTTPMethod = "GET"
    /// HEAD: GET without the body.
    public static let head: HTTPMethod = "HEAD"
    /// POST: create or act.
    public static let post: HTTPMethod = "POST"
    /// PUT: replace a resource.
    public static let put: HTTPMethod = "PUT"
    /// PATCH: change part of a resource.
    public static let patch: HTTPMethod = "PATCH"
    /// DELETE: remove a resource.
    public static let delete: HTTPMethod = "DELETE"
    /// OPTIONS: ask what is allowed.
    public static let options: HTTPMethod = "OPTIONS"

    /// The methods the server knows by name; others are grouped together in metrics.
    static let standard: Set<HTTPMethod> = [.get, .head, .post, .put, .patch, .delete, .options]
}
