import CZeroMQ

/// ZeroMQ's Z85 text encoding (RFC 32) of binary keys, through libzmq.
enum Z85 {
    /// The characters Z85 uses; libzmq's decoder does not reject every other one, so they are checked first.
    private static let alphabet = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#".utf8)

    /// `bytes` (a multiple of 4 long) as Z85 text.
    static func encode(_ bytes: [UInt8]) -> String {
        precondition(bytes.count % 4 == 0, "Z85 encodes whole groups of four bytes")
        var text = [CChar](repeating: 0, count: bytes.count * 5 / 4 + 1)
        _ = zmq_z85_encode(&text, bytes, bytes.count)
        return Self.text(of: text)
    }

    /// The text libzmq wrote into `buffer`, up to its terminating NUL.
    static func text(of buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The `count` bytes that `text` encodes, or nil if it is not exactly that in Z85.
    static func decode(_ text: String, count: Int) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count == count * 5 / 4, utf8.allSatisfy(alphabet.contains) else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        return zmq_z85_decode(&bytes, text) == nil ? nil : bytes
    }
}
