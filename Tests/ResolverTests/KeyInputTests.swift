import Resolver
import Testing

/// Raw terminal bytes become keys: characters, a lone Escape, Ctrl-C, Enter and Backspace; sequences and Tab are ignored.
struct KeyInputTests {
    @Test(
        "Bytes decode to key inputs",
        arguments: [
            ([0x31], [KeyInput.press(.character("1"))]),
            ([0x72], [.press(.character("r"))]),
            ([0xC3, 0xA9], [.press(.character("é"))]),
            ([0x1B], [.press(.escape)]),
            ([0x1B, 0x1B], [.press(.escape), .press(.escape)]),
            ([0x1B, 0x5B, 0x41], []),
            ([0x1B, 0x4F, 0x50], []),
            ([0x03], [.interrupt]),
            ([0x04], [.interrupt]),
            ([0x0D], [.enter]),
            ([0x0D, 0x0A], [.enter]),
            ([0x0A, 0x09], [.enter]),
            ([0x61, 0x7F, 0x08], [.press(.character("a")), .backspace, .backspace]),
            ([0x71, 0x32], [.press(.character("q")), .press(.character("2"))]),
        ] as [([UInt8], [KeyInput])])
    func decode(_ bytes: [UInt8], _ expected: [KeyInput]) {
        #expect(KeyInput.decode(bytes) == expected)
    }
}
