import TranscriptSupport

/// Finds bare web addresses (`http://`, `https://` and `www.`) in text, the way chat apps link them.
///
/// A URL starts after the start of the text or a character that is not a letter or digit, runs to the
/// next space or `<`, `>`, `"`, and drops trailing punctuation (`.,;:!?'*_~`, and a `)` or `]` that has no
/// opening partner inside the URL).
package enum URLScanner {
    /// The byte ranges of the URLs in `bytes`, in order.
    package static func urlRanges(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            // Only h/H or w/W can start a URL.
            guard byte | 0x20 == 0x68 || byte | 0x20 == 0x77 else {
                index += 1
                continue
            }
            if index > 0, isWordByte(bytes[index - 1]) {
                index += 1
                continue
            }
            guard let prefixLength = schemeLength(bytes, at: index) else {
                index += 1
                continue
            }
            var end = index + prefixLength
            while end < count, !isTerminator(bytes[end]) { end += 1 }
            end = trimmedEnd(bytes, start: index, end: end)
            if end > index + prefixLength, hasHostCharacter(bytes, from: index + prefixLength, to: end) {
                ranges.append(index..<end)
                index = end
            } else {
                index += prefixLength
            }
        }
        return ranges
    }

    /// The URLs in `text`, as (range, URL to link to) pairs; `www.` addresses link to `http://`.
    package static func urls(in text: String) -> [(range: Range<String.Index>, target: String)] {
        var text = text
        let byteRanges = text.withUTF8 { urlRanges(in: $0) }
        let utf8 = text.utf8
        return byteRanges.map { range in
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
            let url = String(text[lower..<upper])
            return (lower..<upper, linksWithHTTP(url) ? "http://" + url : url)
        }
    }

    /// Whether a URL found in text is linked with `http://` before it: it starts with `www.` in any case, its first
    /// four characters read as characters (a mark that combines with the dot makes the fourth another).
    package static func linksWithHTTP(_ url: String) -> Bool {
        url.prefix(4).lowercased() == "www."
    }

    /// Whether the text may hold a URL (it has `://`, or `www.` in any case): a cheap test before a scan.
    ///
    /// Every message's text is tested, four times in a build (before cmark, in its text nodes, for the activity's
    /// count and for the gallery), and most hold no URL: eight bytes are looked at a time, and only a word holding
    /// a `:`, or a `w` (`W`) followed by another, is looked at byte by byte.
    package static func mayContainURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4, let base = bytes.baseAddress else { return false }
        // A match starts at 0..<starts: it has four bytes.
        let starts = bytes.count - 3
        @inline(__always) func matches(at index: Int) -> Bool {
            let byte = base[index]
            if byte == 0x3A { return base[index + 1] == 0x2F && base[index + 2] == 0x2F }  // "://"
            return byte | 0x20 == 0x77 && base[index + 1] | 0x20 == 0x77 && base[index + 2] | 0x20 == 0x77
                && base[index + 3] == 0x2E  // "www."
        }
        var index = 0
        let colon = ByteWords.every(0x3A), w = ByteWords.every(0x77), lowercase = ByteWords.every(0x20)
        while index + 8 <= starts {
            // `| 0x20` makes `W` a `w` (and no other byte). A `w` counts only when the byte after it is one too
            // (the second word starts a byte later): English text has a `w` in most runs of eight bytes.
            let word = ByteWords.word(at: base + index), next = ByteWords.word(at: base + index + 1)
            let colons = ByteWords.zeroBytes(word ^ colon)
            let doubleW = ByteWords.zeroBytes((word | lowercase) ^ w) & ByteWords.zeroBytes((next | lowercase) ^ w)
            if colons | doubleW != 0 {
                for position in index..<(index + 8) where matches(at: position) { return true }
            }
            index += 8
        }
        while index < starts {
            if matches(at: index) { return true }
            index += 1
        }
        return false
    }

    private static func schemeLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        func matches(_ pattern: StaticString) -> Bool {
            let length = pattern.utf8CodeUnitCount
            guard index + length <= bytes.count else { return false }
            return pattern.withUTF8Buffer { expected in
                for offset in 0..<length {
                    let byte = bytes[index + offset]
                    let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    if lowered != expected[offset] { return false }
                }
                return true
            }
        }
        if matches("https://") { return 8 }
        if matches("http://") { return 7 }
        if matches("www.") { return 4 }
        return nil
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
    }

    private static func isTerminator(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x7F
    }

    private static func hasHostCharacter(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard start < end else { return false }
        let first = bytes[start]
        return isWordByte(first) || first == 0x5B  // a letter, digit or "[" of an IPv6 host
    }

    private static func trimmedEnd(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Int {
        var end = end
        while end > start {
            let last = bytes[end - 1]
            switch last {
            case 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x27, 0x2A, 0x5F, 0x7E:  // . , ; : ! ? ' * _ ~
                end -= 1
            case 0x29, 0x5D:  // ) ]
                let opening: UInt8 = last == 0x29 ? 0x28 : 0x5B
                var opened = 0
                var closed = 0
                for index in start..<end {
                    if bytes[index] == opening { opened += 1 } else if bytes[index] == last { closed += 1 }
                }
                if closed > opened { end -= 1 } else { return end }
            default:
                return end
            }
        }
        return end
    }
}
