import Foundation

/// Signs like the README's shell snippet: openssl's HMAC-SHA256 over `id.timestamp.body`, base64.
///
/// The test thereby checks the documented recipe as well as the gateway.
enum WebhookSigning {
    /// The two lines of the README that compute `$sig`.
    static let script = #"""
        key=$(printf '%s' "${secret#whsec_}" | base64 -d | od -An -tx1 | tr -d ' \n')
        sig=$(printf '%s' "$id.$ts.$body" | openssl dgst -sha256 -mac HMAC -macopt hexkey:"$key" -binary | base64)
        printf '%s' "$sig"
        """#

    /// The `webhook-id`, `webhook-timestamp` and `webhook-signature` headers for `body`.
    static func headers(secret: String, id: String, body: String, timestamp: Int = Int(Date().timeIntervalSince1970)) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ["secret": secret, "id": id, "ts": String(timestamp), "body": body, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The output is a few bytes, so it fits the pipe: wait (bounded) for the exit, then read.
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning, ContinuousClock.now < deadline { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            throw EndToEndFailure("signing with openssl did not finish within 10 s")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let signature = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0, signature.count == 44 else {
            throw EndToEndFailure("signing with openssl failed (status \(process.terminationStatus), \"\(signature)\"); is openssl installed?")
        }
        return ["webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": "v1,\(signature)"]
    }
}
