/// Tests on eight bytes at a time (a `UInt64` read from memory), for scans that look for a few byte values in
/// long runs of others: JSON's quotes and brackets, the bytes a script literal must escape.
///
/// A test gives a word with the high bit of each byte it found set. A byte after a found one may be flagged too (a
/// borrow carries into it), so only the first flag is sure, and it is the only one read (`firstFlagged`).
///
/// Public and inlinable, where the rest of the module's helpers are `package`: the scans that use these are in other
/// modules too, and this toolchain inlines only public code across modules (as `package`, each test would be a
/// call).
public enum ByteWords {
    /// The eight bytes at `address` as a word whose lowest byte is the first in memory.
    @inlinable @inline(__always)
    public static func word(at address: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(address).loadUnaligned(as: UInt64.self))
    }

    /// `byte` in each of a word's eight bytes.
    @inlinable @inline(__always)
    public static func every(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// The zero bytes of `word` (so `zeroBytes(word ^ every(b))` finds the bytes equal to `b`).
    @inlinable @inline(__always)
    public static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// The bytes of `word` below `limit` (at most 0x80).
    @inlinable @inline(__always)
    public static func bytes(of word: UInt64, below limit: UInt8) -> UInt64 {
        (word &- every(limit)) & ~word & 0x8080_8080_8080_8080
    }

    /// The place (0 to 7) of the first byte a test flagged in a word read by `word(at:)`.
    @inlinable @inline(__always)
    public static func firstFlagged(_ flags: UInt64) -> Int {
        flags.trailingZeroBitCount / 8
    }
}
