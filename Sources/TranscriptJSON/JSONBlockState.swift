import CByteMasks

/// Where a scan over a JSON object or list is, 64 bytes at a time: how deep in brackets, whether the next block
/// starts inside a string, and whether its first byte is escaped. `JSONScanner.endOfContainer(at:)` gives it each
/// block's masks (`transcripts_json_block_masks`) in order.
///
/// A quote inside a string that an odd run of backslashes comes right before is part of the string; a backslash
/// outside a string escapes nothing (as `JSONScanner`'s other scans read them). Brackets inside strings do not count.
struct JSONBlockState {
    /// How many brackets are open.
    var depth = 0
    /// All ones when the next block starts inside a string, else zero.
    private var inString: UInt64 = 0
    /// Whether the next block's first byte is escaped (the block before ended inside a string in an odd run of
    /// backslashes).
    private var escapesNext = false

    /// Takes in the next block's masks; the place in the block (0 to 63) of the bracket that closes the first one,
    /// once it comes.
    @inline(__always)
    mutating func advance(_ masks: transcripts_json_masks) -> Int? {
        // A block without backslashes (nearly all) has only real quotes.
        let quotes = masks.backslashes == 0 && !escapesNext ? masks.quotes : realQuotes(masks)
        // A bit is set for each byte from an opening quote up to (not with) its closing quote.
        let inside = quotes == 0 ? inString : Self.prefixXOR(quotes) ^ inString
        inString = UInt64(bitPattern: Int64(bitPattern: inside) >> 63)
        let opens = masks.opens & ~inside
        let closes = masks.closes & ~inside
        if closes == 0 {
            depth += opens.nonzeroBitCount
            return nil
        }
        // Fewer closing brackets than are open before the block: none of them can close the first.
        let closing = closes.nonzeroBitCount
        if closing < depth {
            depth += opens.nonzeroBitCount - closing
            return nil
        }
        var brackets = opens | closes
        while brackets != 0 {
            let place = brackets.trailingZeroBitCount
            if opens >> place & 1 != 0 {
                depth += 1
            } else {
                depth -= 1
                if depth == 0 { return place }
            }
            brackets &= brackets &- 1
        }
        return nil
    }

    /// The quotes of a block with backslashes that open or close a string, found walking its quotes and
    /// backslashes in order (backslashes are rare in most exports).
    private mutating func realQuotes(_ masks: transcripts_json_masks) -> UInt64 {
        var quotes: UInt64 = 0
        var isInString = inString != 0
        var escaped = escapesNext
        // The place of the quote or backslash before, -1 for the block's start.
        var previous = -1
        var marks = masks.quotes | masks.backslashes
        while marks != 0 {
            let place = marks.trailingZeroBitCount
            marks &= marks &- 1
            // An escape applies to the byte right after the backslash only.
            if escaped, place == previous + 1 {
                escaped = false
                previous = place
                continue
            }
            escaped = false
            previous = place
            if masks.quotes >> place & 1 != 0 {
                isInString.toggle()
                quotes |= 1 << place
            } else if isInString {
                escaped = true
            }
        }
        escapesNext = escaped && previous == 63
        return quotes
    }

    /// Bit i of the result is the parity of the bits 0 to i of `bits`.
    @inline(__always)
    private static func prefixXOR(_ bits: UInt64) -> UInt64 {
        var bits = bits
        bits ^= bits << 1
        bits ^= bits << 2
        bits ^= bits << 4
        bits ^= bits << 8
        bits ^= bits << 16
        bits ^= bits << 32
        return bits
    }
}
