public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The key files `interlude keygen` writes: `NAME.key` (the secret key, mode 0600) and `NAME.pub` (the public key).
///
/// Both hold one line of Z85; lines starting with `#` are comments. A secret key file that other users
/// can read or anyone else can write is refused, as ssh refuses such private keys.
public enum CurveKeyFile {
    /// Writes a new pair as `folder/name.key` and `folder/name.pub`, refusing to replace either file.
    public static func write(_ pair: CurveKeyPair, name: String, into folder: URL) throws(KeyFileError) -> (secret: URL, public: URL) {
        let secret = folder.appendingPathComponent("\(name).key")
        let publicFile = folder.appendingPathComponent("\(name).pub")
        for url in [secret, publicFile] where FileManager.default.fileExists(atPath: url.path) {
            throw KeyFileError(.exists, path: url.path, "already exists; remove it first or choose another name")
        }
        let secretText = """
            # Interlude CURVE secret key "\(name)". Keep it private: whoever holds it acts as this key.
            # public key: \(pair.publicKey.z85)
            \(pair.secretKey.z85)

            """
        try create(secret, mode: 0o600, contents: secretText)
        try create(publicFile, mode: 0o644, contents: pair.publicKey.z85 + "\n")
        return (secret, publicFile)
    }

    /// Reads a secret key file, checking that only its owner (and at most its group) can read it.
    public static func secretKey(at path: String) throws(KeyFileError) -> CurveSecretKey {
        let (text, mode) = try read(path)
        guard mode & 0o027 == 0 else {
            let shown = String(mode & 0o777, radix: 8)
            throw KeyFileError(.tooOpen, path: path, "can be read or written by other users (mode \(shown)); run chmod 600 \(path)")
        }
        guard let key = CurveSecretKey(z85: keyLine(text)) else {
            throw KeyFileError(.notAKey, path: path, "does not hold a secret key (one line of 40 Z85 characters, as `interlude keygen` writes)")
        }
        return key
    }

    /// Reads a public key file.
    public static func publicKey(at path: String) throws(KeyFileError) -> CurvePublicKey {
        guard let key = CurvePublicKey(z85: keyLine(try read(path).text)) else {
            throw KeyFileError(.notAKey, path: path, "does not hold a public key (one line of 40 Z85 characters)")
        }
        return key
    }

    /// The one line that is not blank or a comment; an empty string when there is not exactly one.
    private static func keyLine(_ text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map(\.trimmingWhitespace)
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        return lines.count == 1 ? lines[0] : ""
    }

    private static func read(_ path: String) throws(KeyFileError) -> (text: String, mode: mode_t) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code: KeyFileError.Code = errno == ENOENT ? .missing : .unreadable
            throw KeyFileError(code, path: path, String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 4_096 else {
            throw KeyFileError(.notAKey, path: path, "is not a small regular file")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        guard let data = try? handle.readToEnd() ?? Data() else {
            throw KeyFileError(.unreadable, path: path, "cannot be read")
        }
        return (String(decoding: data, as: UTF8.self), info.st_mode)
    }

    private static func create(_ url: URL, mode: mode_t, contents: String) throws(KeyFileError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw KeyFileError(errno == EEXIST ? .exists : .unwritable, path: url.path, String(cString: strerror(errno)))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(contents.utf8))
            try handle.synchronize()
        } catch {
            unlink(url.path)
            throw KeyFileError(.unwritable, path: url.path, "\(error)")
        }
    }
}

/// A key file that cannot be used, naming the file and what to do.
public struct KeyFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        case missing, unreadable, tooOpen, notAKey, exists, unwritable
    }

    /// What went wrong.
    public let code: Code
    /// The file.
    public let path: String
    /// One sentence saying what is wrong and how to fix it.
    public let message: String

    init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// `key file PATH: MESSAGE`.
    public var description: String { "key file \(path): \(message)" }
}
