public import Foundation
public import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A terminal put into raw mode (one key per read, no echo, Ctrl-C as a byte) until `restore()`.
///
/// Output processing is kept, so `\n` still starts a new line. Restoring is idempotent and also done
/// on `deinit`, so every way out (quit, Ctrl-C, a thrown error) leaves the terminal as it was.
public final class RawTerminal: @unchecked Sendable {  // `original` is written once in init; `restored` is guarded by `lock`
    private let fileDescriptor: Int32
    private let original: termios
    private let lock = NSLock()
    private var restored = false

    /// Puts the terminal on `fileDescriptor` into raw mode.
    public init(fileDescriptor: Int32 = STDIN_FILENO) throws(SystemCallError) {
        self.fileDescriptor = fileDescriptor
        var attributes = termios()
        try systemCall("tcgetattr") { tcgetattr(fileDescriptor, &attributes) }
        original = attributes
        attributes.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        attributes.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &attributes.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        try systemCall("tcsetattr") { tcsetattr(fileDescriptor, TCSANOW, &attributes) }
    }

    deinit { restore() }

    /// Puts the terminal back as it was; later calls do nothing.
    public func restore() {
        lock.lock()
        defer { lock.unlock() }
        guard !restored else { return }
        restored = true
        var attributes = original
        _ = try? systemCall("tcsetattr") { tcsetattr(fileDescriptor, TCSANOW, &attributes) }
    }

    /// Whether `fileDescriptor` is a terminal.
    public static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    /// The terminal's width in columns, or `nil` when it does not say.
    public static func columns(_ fileDescriptor: Int32 = STDOUT_FILENO) -> Int? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
