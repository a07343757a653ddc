import TranscriptModel

/// Keeps bare URLs whole in CommonMark source before it is parsed.
///
/// `https://a.example/c*d*e` would otherwise parse as text, emphasis and text, and the autolinker that runs
/// on the parsed tree would only see `https://a.example/c`. This pass puts a backslash before every `*` and
/// `_` inside a bare URL, outside code spans, code blocks and `<…>`; the parser then yields the URL as one
/// text node (backslash escapes are also undone inside link destinations, so those are unharmed).
enum MarkdownURLProtector {
    /// The source with the emphasis characters of bare URLs escaped; the same string when nothing needs it.
    static func protect(_ source: String) -> String {
        var source = source
        return source.withUTF8 { bytes -> String? in
            guard URLScanner.mayContainURL(bytes) else { return nil }
            let urls = URLScanner.urlRanges(in: bytes)
            guard !urls.isEmpty else { return nil }
            let needsEscape = urls.contains { range in range.contains { bytes[$0] == 0x2A || bytes[$0] == 0x5F } }
            guard needsEscape else { return nil }
            let code = codeRanges(in: bytes)
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            var copied = 0
            for url in urls {
                if url.lowerBound > 0, bytes[url.lowerBound - 1] == 0x3C { continue }  // already <url>
                if code.contains(where: { $0.overlaps(url) }) { continue }
                for index in url where bytes[index] == 0x2A || bytes[index] == 0x5F {
                    output.append(contentsOf: bytes[copied..<index])
                    output.append(0x5C)
                    copied = index
                }
            }
            guard copied > 0 else { return nil }
            output.append(contentsOf: bytes[copied..<bytes.count])
            return String(decoding: output, as: UTF8.self)
        } ?? source
    }

    /// Byte ranges that CommonMark reads literally: fenced and indented code blocks and code spans.
    static func codeRanges(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var lineStart = 0
        var previousLineBlank = true
        var fence: (byte: UInt8, length: Int, start: Int)?
        var inIndentedCode = false
        var indentedStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var indent = 0
            var cursor = lineStart
            while cursor < lineEnd, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 {
                indent += bytes[cursor] == 0x09 ? 4 : 1
                cursor += 1
            }
            let blank = cursor == lineEnd || (cursor == lineEnd - 1 && bytes[cursor] == 0x0D)
            var runLength = 0
            if cursor < lineEnd, bytes[cursor] == 0x60 || bytes[cursor] == 0x7E {
                while cursor + runLength < lineEnd, bytes[cursor + runLength] == bytes[cursor] { runLength += 1 }
            }
            if let open = fence {
                if indent < 4, runLength >= open.length, bytes[cursor] == open.byte {
                    ranges.append(open.start..<lineEnd)
                    fence = nil
                }
            } else if indent < 4, runLength >= 3 {
                if inIndentedCode { ranges.append(indentedStart..<lineStart); inIndentedCode = false }
                fence = (bytes[cursor], runLength, lineStart)
            } else if indent >= 4, !blank, previousLineBlank || inIndentedCode {
                if !inIndentedCode { inIndentedCode = true; indentedStart = lineStart }
            } else if !blank {
                if inIndentedCode { ranges.append(indentedStart..<lineStart); inIndentedCode = false }
            }
            previousLineBlank = blank
            lineStart = lineEnd + 1
        }
        if let open = fence { ranges.append(open.start..<bytes.count) }
        if inIndentedCode { ranges.append(indentedStart..<bytes.count) }
        ranges.append(contentsOf: codeSpans(in: bytes, excluding: ranges))
        return ranges
    }

    /// Backtick code spans: a run of n backticks up to the next run of exactly n.
    private static func codeSpans(in bytes: UnsafeBufferPointer<UInt8>, excluding blocks: [Range<Int>]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            if let block = blocks.first(where: { $0.contains(index) }) {
                index = block.upperBound
                continue
            }
            guard bytes[index] == 0x60, index == 0 || bytes[index - 1] != 0x5C else {
                index += 1
                continue
            }
            var length = 0
            while index + length < bytes.count, bytes[index + length] == 0x60 { length += 1 }
            var search = index + length
            var closing: Int?
            while search < bytes.count {
                if bytes[search] == 0x60 {
                    var run = 0
                    while search + run < bytes.count, bytes[search + run] == 0x60 { run += 1 }
                    if run == length { closing = search + run; break }
                    search += run
                } else {
                    search += 1
                }
            }
            if let closing {
                spans.append(index..<closing)
                index = closing
            } else {
                index += length
            }
        }
        return spans
    }
}
