import Foundation

/// Numbers the distinct terms of a run of messages by their UTF-8 bytes: a term seen again is found by one
/// hash of its bytes, with no string made, and keeps its number (0, 1, 2, … in order of first sight).
struct SearchTermTable {
    /// Every term's bytes, one after another; term `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Open addressing: a term's number plus one, or 0 for an empty slot; the count is a power of two.
    private var slots: [Int32]

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        bytes.reserveCapacity(capacity * 8)
        starts.reserveCapacity(capacity + 1)
        hashes.reserveCapacity(capacity)
    }

    /// How many distinct terms there are.
    var count: Int { hashes.count }

    /// The term's number, numbering it when it is new.
    mutating func number(of term: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(term)
        var mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let found = Int(slots[slot])
            if found == 0 { break }
            if hashes[found - 1] == hash, holds(found - 1, term) { return found - 1 }
            slot = (slot + 1) & mask
        }
        let number = hashes.count
        hashes.append(hash)
        bytes.append(contentsOf: term)
        starts.append(bytes.count)
        slots[slot] = Int32(number + 1)
        if hashes.count * 2 > slots.count {
            grow()
            mask = slots.count - 1
        }
        return number
    }

    /// The shard of term `number` among `SearchPostingShards.count` (`SearchPostingShards.shard(of:)`).
    func shard(_ number: Int) -> Int {
        bytes.withUnsafeBufferPointer { SearchPostingShards.shard(ofBytes: $0[starts[number]..<starts[number + 1]]) }
    }

    /// Term `number` as a string.
    func term(_ number: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: $0[starts[number]..<starts[number + 1]], as: UTF8.self) }
    }

    private func holds(_ number: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[number]
        guard starts[number + 1] - start == term.count else { return false }
        guard let termBase = term.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { stored in memcmp(stored.baseAddress! + start, termBase, term.count) == 0 }
    }

    private mutating func grow() {
        var grown = [Int32](repeating: 0, count: slots.count * 2)
        let mask = grown.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = Int32(number + 1)
        }
        slots = grown
    }

    /// The term's bytes eight at a time (a last word read from its last eight bytes; a term shorter than eight
    /// from two overlapping reads of four, or its first, middle and last bytes), each word mixed in by a
    /// multiplication, then mixed so that the low bits (the slot) depend on every byte.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        var hash = 0xcbf2_9ce4_8422_2325 ^ UInt64(count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
            hash ^= hash >> 31
        }
        if count >= 8 {
            var index = 0
            while index + 8 <= count {
                mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                index += 8
            }
            if index < count { mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))) }
        } else if count >= 4 {
            let first = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let last = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            mix(first << 32 | last)
        } else if count > 0 {
            mix(UInt64(base[0]) << 16 | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]))
        }
        hash ^= hash >> 29
        hash &*= 0xbf58_476d_1ce4_e5b9
        return hash ^ (hash >> 32)
    }
}
