import Foundation

/// The bytes of a statement's bound text and blob values, in one buffer the statement keeps and reuses:
/// SQLite reads them in place until the bindings are cleared, so a run allocates nothing to bind them.
struct BindingBuffer {
    private var start: UnsafeMutablePointer<CChar>
    private var capacity: Int
    private var used = 0

    /// A buffer larger than this is given back when released, so one large value is not held for good.
    static let keptBytes = 64 * 1024

    init(capacity: Int = 256) {
        self.capacity = capacity
        start = .allocate(capacity: capacity)
    }

    /// How many bytes of `value` `append` copies.
    static func byteCount(_ value: SQLValue) -> Int {
        switch value {
        case .text(let text): text.utf8.count
        case .blob(let bytes): bytes.count
        case .null, .integer, .real: 0
        }
    }

    /// Makes room for `count` bytes in all; only while nothing is bound, since it may move the buffer.
    mutating func reserve(_ count: Int) {
        precondition(used == 0, "the binding buffer grew while values were bound to it")
        guard count > capacity else { return }
        start.deallocate()
        capacity = count
        start = .allocate(capacity: count)
    }

    /// Copies a text's or a blob's bytes after those already held; where they are (nothing for other values).
    mutating func append(_ value: SQLValue) -> (start: Int, count: Int) {
        let offset = used
        switch value {
        case .text(var text):
            text.withUTF8 { copy(UnsafeRawBufferPointer($0)) }
        case .blob(let bytes):
            bytes.withUnsafeBytes { copy($0) }
        case .null, .integer, .real:
            break
        }
        return (offset, used - offset)
    }

    private mutating func copy(_ bytes: UnsafeRawBufferPointer) {
        precondition(used + bytes.count <= capacity, "the binding buffer was not reserved for every value")
        if let base = bytes.baseAddress, bytes.count > 0 { UnsafeMutableRawPointer(start + used).copyMemory(from: base, byteCount: bytes.count) }
        used += bytes.count
    }

    /// The address of byte `offset`; never null, even for an empty value.
    func address(_ offset: Int) -> UnsafePointer<CChar> { UnsafePointer(start + offset) }

    /// Forgets what is held (the bindings must have been cleared); a buffer grown past `keptBytes` shrinks back.
    mutating func release() {
        used = 0
        if capacity > Self.keptBytes {
            start.deallocate()
            capacity = 256
            start = .allocate(capacity: capacity)
        }
    }

    /// Frees the buffer; the statement is gone.
    func deallocate() { start.deallocate() }
}
