import CCurl

/// Why a message was not accepted: no connection, TLS or AUTH failed, the server refused it, or the
/// session was cancelled; carries the server's last reply code when it sent one.
public struct SMTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Code: String, Sendable, Equatable {
        /// Nothing listens there, or the host did not resolve.
        case unreachable
        /// The session took longer than the timeout.
        case timedOut
        /// TLS (or STARTTLS) could not be set up, or the certificate failed.
        case tlsFailure
        /// The server refused the user and password.
        case loginDenied
        /// The server refused the sender, a recipient or the message (its reply code says which kind).
        case refused
        /// Not an `smtp://` or `smtps://` URL.
        case unsupportedURL
        /// The caller stopped waiting.
        case cancelled
        /// Anything else libcurl reports.
        case other
    }

    /// What kind of failure it was.
    public let code: Code
    /// The server's last reply code (`550`, `451`, …), 0 when none came.
    public let reply: Int
    /// libcurl's own number, 0 when none.
    public let curlCode: Int

    /// A failure of kind `code`.
    public init(code: Code, reply: Int = 0, curlCode: Int = 0) {
        self.code = code
        self.reply = reply
        self.curlCode = curlCode
    }

    /// The failure a finished session's `CURLcode` and last reply code stand for.
    init(curl code: CURLcode, reply: Int) {
        let kind: Code =
            switch code {
            case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .unreachable
            case CURLE_OPERATION_TIMEDOUT: .timedOut
            case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_USE_SSL_FAILED:
                .tlsFailure
            case CURLE_LOGIN_DENIED: .loginDenied
            case CURLE_SEND_FAIL_REWIND, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING: reply >= 400 ? .refused : .other
            case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: .unsupportedURL
            default: reply >= 400 ? .refused : .other
            }
        self.init(code: kind, reply: reply, curlCode: Int(code.rawValue))
    }

    /// A short reason for logs and the mail record: never the password, the URL or an address.
    public var description: String {
        let said = reply > 0 ? " (server replied \(reply))" : ""
        return switch code {
        case .unreachable: "the mail server is unreachable" + said
        case .timedOut: "the mail server did not finish in time" + said
        case .tlsFailure: "TLS with the mail server failed" + said
        case .loginDenied: "the mail server refused the login" + said
        case .refused: "the mail server refused the message" + said
        case .unsupportedURL: "not an smtp:// or smtps:// URL"
        case .cancelled: "cancelled: the gateway stopped during the attempt"
        case .other: "mail error \(curlCode)" + said
        }
    }
}
