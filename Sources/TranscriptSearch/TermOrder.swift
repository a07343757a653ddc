/// The orders of terms: the UTF-8 byte order conversations keep their terms in (`SearchPostings`), and the
/// UTF-16 order of the index's term files (scripts compare strings by UTF-16 code units).
enum TermOrder {
    /// Every term of `lists`, each in UTF-8 byte order without repeats, once, in that order: merged in halves,
    /// compared by bytes (no term is hashed).
    static func merged(_ lists: [[String]]) -> [String] {
        switch lists.count {
        case 0: return []
        case 1: return lists[0]
        default:
            let middle = lists.count / 2
            return merge(merged(Array(lists[..<middle])), merged(Array(lists[middle...])))
        }
    }

    /// For each of `terms`, its place in `sorted`, or -1 when `sorted` lacks it: both in UTF-8 byte order without
    /// repeats, walked side by side (no term is hashed).
    static func positions(of terms: [String], in sorted: [String]) -> [Int32] {
        var positions = [Int32](repeating: -1, count: terms.count)
        var place = 0
        for (number, term) in terms.enumerated() {
            while place < sorted.count, SearchPostings.precedes(sorted[place], term) { place += 1 }
            guard place < sorted.count, !SearchPostings.precedes(term, sorted[place]) else { continue }
            positions[number] = Int32(place)
            place += 1
        }
        return positions
    }

    private static func merge(_ a: [String], _ b: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(max(a.count, b.count))
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if SearchPostings.precedes(a[i], b[j]) {
                result.append(a[i])
                i += 1
            } else if SearchPostings.precedes(b[j], a[i]) {
                result.append(b[j])
                j += 1
            } else {
                result.append(a[i])
                i += 1
                j += 1
            }
        }
        result += a[i...]
        result += b[j...]
        return result
    }

    /// Whether `a` comes before `b` by UTF-16 code units, compared on their UTF-8 bytes without converting them.
    ///
    /// UTF-8 bytes order strings by code point, UTF-16 units by code point too except that every character from
    /// U+10000 on (a surrogate pair, from 0xD800) comes before U+E000 to U+FFFF. In UTF-8 those are the only
    /// characters whose lead bytes are 0xEE and 0xEF, and characters from U+10000 on have lead bytes 0xF0 to
    /// 0xF4: compared as if 0xEE and 0xEF were 0xF5 and 0xF6, the bytes give the UTF-16 order. (A lead byte
    /// differs only from another lead byte, and no continuation byte is 0xEE or more.)
    static func utf16Precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { a in
            b.withUTF8 { b in
                let common = min(a.count, b.count)
                var index = 0
                while index < common, a[index] == b[index] { index += 1 }
                guard index < common else { return a.count < b.count }
                return rank(a[index]) < rank(b[index])
            }
        }
    }

    @inline(__always)
    private static func rank(_ byte: UInt8) -> UInt16 {
        byte == 0xEE || byte == 0xEF ? UInt16(byte) + 7 : UInt16(byte)
    }
}
