#if canImport(Glibc)
    import CMalloc
#endif

/// The C heap's policy for a long-running process.
public enum Heap {
    /// How much free memory each of the C allocator's heaps keeps at its top instead of handing it back.
    public static let headroom: Int32 = 4 << 20

    /// Keeps `headroom` free at the top of every heap. By default glibc gives the top of a thread's heap back
    /// (`madvise`) as soon as it is free and faults it in again on the next allocation: a broker turn allocates
    /// and frees the same few hundred kilobytes, so it paid both on every turn (a fifth of the broker's CPU per
    /// job in docs/benchmarks.md's separate-process row). Called first thing by every long-running process.
    public static func keepHeadroom() {
        #if canImport(Glibc)
            _ = mallopt(M_TOP_PAD, headroom)
        #endif
    }
}
