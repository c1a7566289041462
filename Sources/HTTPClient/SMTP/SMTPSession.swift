import CCurl
import Foundation

/// One SMTP session as a libcurl easy handle, run to its end on the calling thread: the envelope, the
/// message it reads out piece by piece, and the recipient list it owns.
final class SMTPSession {
    private let options: SMTPSender.Options
    private let from: String
    private let to: [String]
    private let message: [UInt8]
    private var offset = 0

    /// A session sending `message` from `from` to `to`.
    init(options: SMTPSender.Options, from: String, to: [String], message: Data) {
        self.options = options
        self.from = from
        self.to = to
        self.message = Array(message)
    }

    /// Connects, says EHLO, upgrades (STARTTLS) and logs in as configured, sends the envelope and the
    /// message, and quits; success only when the server accepted it for every recipient.
    func perform() -> Result<Void, SMTPError> {
        guard options.url.hasPrefix("smtp://") || options.url.hasPrefix("smtps://") else { return .failure(SMTPError(code: .unsupportedURL)) }
        guard !to.isEmpty, ([from] + to).allSatisfy(Self.isPlainAddress) else { return .failure(SMTPError(code: .refused)) }
        guard let easy = curl_easy_init() else { return .failure(SMTPError(code: .other, curlCode: Int(CURLE_OUT_OF_MEMORY.rawValue))) }
        var recipients: UnsafeMutablePointer<curl_slist>?
        for address in to { recipients = curl_slist_append(recipients, "<\(address)>") }
        defer {
            curl_easy_cleanup(easy)
            curl_slist_free_all(recipients)
        }
        let this = Unmanaged.passUnretained(self).toOpaque()
        _ = interlude_curl_set_string(easy, CURLOPT_URL, options.url)
        _ = interlude_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "smtp,smtps")
        _ = interlude_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = interlude_curl_set_long(easy, CURLOPT_TIMEOUT_MS, Self.milliseconds(options.timeout))
        _ = interlude_curl_set_long(easy, CURLOPT_USE_SSL, Int(options.security == .starttls ? CURLUSESSL_ALL.rawValue : CURLUSESSL_NONE.rawValue))
        if !options.user.isEmpty {
            _ = interlude_curl_set_string(easy, CURLOPT_USERNAME, options.user)
            _ = interlude_curl_set_string(easy, CURLOPT_PASSWORD, options.password)
        }
        if let authorities = options.certificateAuthorities { _ = interlude_curl_set_string(easy, CURLOPT_CAINFO, authorities) }
        _ = interlude_curl_set_string(easy, CURLOPT_MAIL_FROM, "<\(from)>")
        _ = interlude_curl_set_pointer(easy, CURLOPT_MAIL_RCPT, recipients)
        _ = interlude_curl_set_long(easy, CURLOPT_UPLOAD, 1)
        _ = interlude_curl_set_size(easy, CURLOPT_INFILESIZE_LARGE, curl_off_t(message.count))
        _ = interlude_curl_set_callback(easy, CURLOPT_READFUNCTION, readMessage)
        _ = interlude_curl_set_pointer(easy, CURLOPT_READDATA, this)
        let code = withExtendedLifetime(self) { curl_easy_perform(easy) }
        var reply = 0
        _ = interlude_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &reply)
        return code == CURLE_OK ? .success(()) : .failure(SMTPError(curl: code, reply: reply))
    }

    /// Copies the next piece of the message into libcurl's buffer; 0 at the end.
    fileprivate func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, message.count - offset)
        guard count > 0 else { return 0 }
        message.withUnsafeBytes { bytes in buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])) }
        offset += count
        return count
    }

    /// An address SMTP can carry in `<…>` as it is: no spaces, angle brackets, line breaks or controls.
    static func isPlainAddress(_ address: String) -> Bool {
        !address.isEmpty && address.contains("@")
            && address.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && !"<>".unicodeScalars.contains($0) }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        max(1, Int(duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000))
    }
}

/// Hands libcurl the next piece of the session's message.
private let readMessage: curl_read_callback = { buffer, size, count, context in
    guard let buffer, let context else { return 0 }
    let session = Unmanaged<SMTPSession>.fromOpaque(context).takeUnretainedValue()
    return session.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
}
