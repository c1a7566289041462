import Foundation
import Primitives
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("FNV-1a, identifiers and system calls") struct PrimitivesTests {
    @Test(
        "FNV-1a gives the published 64-bit values",
        arguments: [
            ("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8"),
        ])
    func fnv1a(text: String, hex: String) {
        #expect(FNV1a.hex(text.utf8) == hex)
        #expect(FNV1a.hash(text.utf8) == UInt64(hex, radix: 16))
    }

    @Test("Identifiers carry their prefix and 16 hex digits; short ones 8; no two alike")
    func identifiers() {
        let ids = (0..<1_000).map { _ in Identifier.make("job") }
        #expect(Set(ids).count == ids.count)
        for id in ids.prefix(20) {
            #expect(id.hasPrefix("job_") && id.count == 20 && UInt64(id.dropFirst(4), radix: 16) != nil, "\(id)")
        }
        let short = Identifier.short()
        #expect(short.count == 8 && UInt32(short, radix: 16) != nil, "\(short)")
    }

    @Test("Ordered identifiers carry their prefix, the second and millisecond they were made and 13 random hex digits, and sort by that time")
    func orderedIdentifiers() {
        let now = Date(timeIntervalSince1970: 1_795_000_000.25)
        let ids = (0..<1_000).map { _ in Identifier.ordered("job", at: now) }
        #expect(Set(ids).count == ids.count, "random within one millisecond")
        for id in ids.prefix(20) {
            #expect(id.hasPrefix("job_6afd86c00fa") && id.count == 28, "\(id)")
            #expect(UInt64(id.dropFirst(4).prefix(8), radix: 16) == 1_795_000_000 && UInt64(id.suffix(13), radix: 16) != nil, "\(id)")
        }
        for step in [0.001, 0.75, 1] {
            let later = Identifier.ordered("job", at: now.addingTimeInterval(step))
            #expect(ids.allSatisfy { $0 < later }, "\(step) s later sorts after")
            let earlier = Identifier.ordered("job", at: now.addingTimeInterval(-step))
            #expect(ids.allSatisfy { earlier < $0 }, "\(step) s earlier sorts before")
        }
        #expect(Identifier.ordered("prs", at: Date(timeIntervalSince1970: 0)).hasPrefix("prs_00000000000"))
        #expect(Identifier.ordered("prs", at: Date(timeIntervalSince1970: 1_795_000_000.999)).hasPrefix("prs_6afd86c03e7"))
    }

    @Test("A failing call throws its errno and name; a succeeding one returns its result")
    func systemCalls() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-\(UUID().uuidString)").path
        #expect(throws: SystemCallError(call: "rename", code: ENOENT)) {
            try systemCall("rename") { rename(missing, missing + "-2") }
        }
        #expect(try systemCall("getpid") { getpid() } == getpid())
        #expect(SystemCallError(call: "rename", code: ENOENT).description.contains("rename failed"))
    }

    @Test("A call interrupted by a signal is retried, not failed")
    func interruptedCallsAreRetried() throws {
        var attempts = 0
        let result = try systemCall("flaky") { () -> Int32 in
            attempts += 1
            if attempts < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7 && attempts == 3)
    }
}
