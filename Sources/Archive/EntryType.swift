/// libarchive's entry type bits, which Swift cannot import because the C macros contain casts.
enum EntryType {
    static let regular: UInt32 = 0o100000
    static let directory: UInt32 = 0o040000
}
