#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` with this thread's character set switched to UTF-8.
///
/// libarchive converts entry names through the current locale's character set; under the "C"
/// locale a Swift process starts in, non-ASCII names fail to convert (libarchive 3.6 then
/// crashes in the pax writer). `uselocale` is per thread, so other threads are unaffected.
func withUTF8Locale<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    guard let utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) else { return try body() }
    let previous = uselocale(utf8)
    defer {
        uselocale(previous)
        freelocale(utf8)
    }
    return try body()
}
