import CCurl
public import Foundation
import Synchronization

/// Sends mail over SMTP with libcurl: `smtp://` (STARTTLS required unless `security` is `.none`) or
/// `smtps://` (TLS from the start), AUTH with a user and password when given. Each message is one
/// session on a thread of its own, so a slow server never holds a task of Swift's cooperative pool.
public final class SMTPSender: Sendable {
    /// How the connection to the server is protected.
    public enum Security: String, Sendable {
        /// `smtp://` upgraded with STARTTLS, refused when the server does not offer it; `smtps://` is TLS anyway.
        case starttls
        /// No TLS on `smtp://` (a relay on loopback); `smtps://` is still TLS.
        case none
    }

    /// Where the server is and how to reach it; the password is held here and never described.
    public struct Options: Sendable {
        /// `smtp://host:port` or `smtps://host:port`.
        public var url: String
        /// STARTTLS on `smtp://` or not.
        public var security: Security
        /// The AUTH user; empty sends no AUTH.
        public var user: String
        /// The AUTH password (read from a file by the caller).
        public var password: String
        /// How long one session may take.
        public var timeout: Duration
        /// A PEM file replacing the system's trusted certificates.
        public var certificateAuthorities: String?

        /// Options for the server at `url`.
        public init(
            url: String, security: Security = .starttls, user: String = "", password: String = "", timeout: Duration = .seconds(30),
            certificateAuthorities: String? = nil
        ) {
            self.url = url
            self.security = security
            self.user = user
            self.password = password
            self.timeout = timeout
            self.certificateAuthorities = certificateAuthorities
        }
    }

    let options: Options

    /// A sender to the server `options` names.
    public init(_ options: Options) {
        Curl.ensureInitialized()
        self.options = options
    }

    /// Sends `message` (CRLF lines, headers and body) from the envelope address `from` to each of `to`;
    /// throws the failure with the server's last reply code when there was one. A cancelled caller gets
    /// `.cancelled` at once; the session then ends within the timeout on its own thread.
    public func send(from: String, to: [String], message: Data) async throws(SMTPError) {
        let waiter = Mutex<CheckedContinuation<Result<Void, SMTPError>, Never>?>(nil)
        let finish: @Sendable (Result<Void, SMTPError>) -> Void = { result in
            waiter.withLock { continuation in
                continuation?.resume(returning: result)
                continuation = nil
            }
        }
        let options = options
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.withLock { $0 = continuation }
                if Task.isCancelled { return finish(.failure(SMTPError(code: .cancelled))) }
                Thread {
                    Thread.current.name = "smtp"
                    finish(SMTPSession(options: options, from: from, to: to, message: message).perform())
                }.start()
            }
        } onCancel: {
            finish(.failure(SMTPError(code: .cancelled)))
        }
        try result.get()
    }
}
