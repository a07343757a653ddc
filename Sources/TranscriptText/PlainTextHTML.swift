import TranscriptModel

/// The HTML and plain text of a text written without markup (`TextFormat.plain`), written in one pass over its
/// bytes: byte for byte what cmark's HTML renderer writes for the tree such a text makes
/// (`CommonMarkRenderer.renderPlainThroughCmark`), without building the tree.
///
/// - Lines end at LF, CR or CRLF; a line of nothing but spaces and tabs ends a paragraph (`<p>`…`</p>` and a line
///   feed), the other lines of a paragraph are joined by `<br />` and a line feed.
/// - A line's text ends at its first zero byte (cmark keeps a literal up to it).
/// - Text is escaped as cmark escapes it: `"`, `&`, `<` and `>` become entities, nothing else changes.
/// - Bare URLs (`URLScanner`) become links; their targets are escaped as cmark escapes a link's address: `&` and
///   `'` become entities, bytes outside letters, digits and ``!#$%()*+,-./:;=?@_~`` percent escapes. A target starts
///   with `http` (a `www.` address is given `http://`), so cmark's safe mode never empties it.
///
/// Nine messages in ten of a typical export are plain text: building each a tree for cmark to walk took about half
/// of what rendering their text cost (docs/architecture.md).
enum PlainTextHTML {
    /// The HTML of `source` and, when `wantsPlainText`, its plain text (lines and paragraphs joined by single spaces,
    /// tabs as spaces, no trailing spaces; else empty).
    static func render(_ source: String, wantsPlainText: Bool) -> RenderedText {
        var utf8Source = source
        return utf8Source.withUTF8 { bytes in
            if isSimpleLine(bytes) {
                // One paragraph of one line, nothing escaped or linked: its HTML is the text in `<p>`, and its plain
                // text the text itself.
                let html = String(unsafeUninitializedCapacity: bytes.count + 8) { buffer in
                    var written = copy(Self.paragraphStart, to: buffer, at: 0)
                    written = copy(bytes, to: buffer, at: written)
                    return copy(Self.paragraphEnd, to: buffer, at: written)
                }
                return RenderedText(html: html, plainText: wantsPlainText ? source : "")
            }
            return renderLines(bytes, wantsPlainText: wantsPlainText)
        }
    }

    private static let paragraphStart: StaticString = "<p>"
    private static let paragraphEnd: StaticString = "</p>\n"
    private static let lineBreak: StaticString = "<br />\n"

    /// Whether `bytes` is one line with something to show, ending in something other than a space, with no byte
    /// below 0x0E (line ends, tabs, zero bytes among them), none that HTML escapes, and no URL.
    private static func isSimpleLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, let last = bytes.last, last != 0x20 else { return false }
        var index = 0
        while index + 8 <= bytes.count {
            if needsCare(ByteWords.word(at: base + index)) != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x0E || escape(byte) != nil { return false }
            index += 1
        }
        return !URLScanner.mayContainURL(bytes)
    }

    /// The bytes of a word below 0x0E or escaped in HTML (flags, as `ByteWords` gives them).
    @inline(__always)
    private static func needsCare(_ word: UInt64) -> UInt64 {
        ByteWords.bytes(of: word, below: 0x0E) | escapedBytes(word)
    }

    /// The bytes of a word that HTML escapes: `"`, `&`, `<`, `>`.
    @inline(__always)
    private static func escapedBytes(_ word: UInt64) -> UInt64 {
        ByteWords.zeroBytes(word ^ ByteWords.every(0x22)) | ByteWords.zeroBytes(word ^ ByteWords.every(0x26))
            | ByteWords.zeroBytes(word ^ ByteWords.every(0x3C)) | ByteWords.zeroBytes(word ^ ByteWords.every(0x3E))
    }

    /// The entity cmark writes for a byte of text, or nil for a byte written as it is.
    @inline(__always)
    private static func escape(_ byte: UInt8) -> StaticString? {
        switch byte {
        case 0x22: "&quot;"
        case 0x26: "&amp;"
        case 0x3C: "&lt;"
        case 0x3E: "&gt;"
        default: nil
        }
    }

    /// Any text: paragraphs of lines, links, escapes.
    private static func renderLines(_ bytes: UnsafeBufferPointer<UInt8>, wantsPlainText: Bool) -> RenderedText {
        var html: [UInt8] = []
        html.reserveCapacity(bytes.count + bytes.count / 4 + 16)
        var plain: [UInt8] = []
        if wantsPlainText { plain.reserveCapacity(bytes.count) }
        var inParagraph = false
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineEnd(in: bytes, from: lineStart)
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                if inParagraph {
                    append(paragraphEnd, to: &html)
                    if wantsPlainText { appendSpace(to: &plain) }
                }
                inParagraph = false
            } else {
                if inParagraph {
                    append(lineBreak, to: &html)
                    if wantsPlainText { appendSpace(to: &plain) }
                } else {
                    append(paragraphStart, to: &html)
                    inParagraph = true
                }
                let text = UnsafeBufferPointer(rebasing: line[..<(line.firstIndex(of: 0) ?? line.endIndex)])
                if wantsPlainText { appendPlain(text, to: &plain) }
                appendLinked(text, to: &html)
            }
            // A line ends at LF, CR or CRLF.
            if lineEnd < bytes.count, bytes[lineEnd] == 0x0D, lineEnd + 1 < bytes.count, bytes[lineEnd + 1] == 0x0A {
                lineEnd += 1
            }
            lineStart = lineEnd + 1
        }
        if inParagraph { append(paragraphEnd, to: &html) }
        while plain.last == 0x20 { plain.removeLast() }
        return RenderedText(html: String(decoding: html, as: UTF8.self), plainText: String(decoding: plain, as: UTF8.self))
    }

    /// Where the line starting at `start` ends: its first line feed or carriage return, or the end. Eight bytes at a
    /// time: most messages are one line.
    static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        while index + 8 <= bytes.count {
            let word = ByteWords.word(at: base + index)
            let found = ByteWords.zeroBytes(word ^ ByteWords.every(0x0A)) | ByteWords.zeroBytes(word ^ ByteWords.every(0x0D))
            if found != 0 { return index + ByteWords.firstFlagged(found) }
            index += 8
        }
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        return index
    }

    /// A line's text, escaped, with its bare URLs as links.
    private static func appendLinked(_ text: UnsafeBufferPointer<UInt8>, to html: inout [UInt8]) {
        guard URLScanner.mayContainURL(text) else { return appendEscaped(text, to: &html) }
        var cursor = 0
        for range in URLScanner.urlRanges(in: text) {
            appendEscaped(UnsafeBufferPointer(rebasing: text[cursor..<range.lowerBound]), to: &html)
            let url = UnsafeBufferPointer(rebasing: text[range])
            append("<a href=\"", to: &html)
            if linksToHTTP(url) { append("http://", to: &html) }
            appendEscapedAddress(url, to: &html)
            append("\">", to: &html)
            appendEscaped(url, to: &html)
            append("</a>", to: &html)
            cursor = range.upperBound
        }
        appendEscaped(UnsafeBufferPointer(rebasing: text[cursor...]), to: &html)
    }

    /// Whether a URL is linked with `http://` before it: one that starts with `www.` (in any case), its first four
    /// characters read as `URLScanner.urls(in:)` reads them (a mark that combines with the dot makes them another).
    private static func linksToHTTP(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        guard url.count >= 4, url[0] | 0x20 == 0x77 else { return false }
        return String(decoding: url, as: UTF8.self).prefix(4).lowercased() == "www."
    }

    /// Text with `"`, `&`, `<` and `>` as entities, runs between them copied whole.
    private static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to html: inout [UInt8]) {
        guard let base = text.baseAddress else { return }
        var runStart = 0
        var index = 0
        while index < text.count {
            if index + 8 <= text.count {
                let found = escapedBytes(ByteWords.word(at: base + index))
                if found == 0 {
                    index += 8
                    continue
                }
                index += ByteWords.firstFlagged(found)
            }
            if let entity = escape(text[index]) {
                html.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
                append(entity, to: &html)
                runStart = index + 1
            }
            index += 1
        }
        html.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
    }

    /// A link's address as cmark writes it in `href`: the bytes it keeps as they are, `&` and `'` as entities, every
    /// other byte as a percent escape with capital hex digits.
    private static func appendEscapedAddress(_ url: UnsafeBufferPointer<UInt8>, to html: inout [UInt8]) {
        let hex: StaticString = "0123456789ABCDEF"
        for byte in url {
            if keepsInAddress(byte) {
                html.append(byte)
            } else if byte == 0x26 {
                append("&amp;", to: &html)
            } else if byte == 0x27 {
                append("&#x27;", to: &html)
            } else {
                html.append(0x25)
                html.append(hex.utf8Start[Int(byte >> 4)])
                html.append(hex.utf8Start[Int(byte & 0x0F)])
            }
        }
    }

    /// Letters, digits and ``!#$%()*+,-./:;=?@_~`` (the bytes Debian's cmark 0.30 keeps in an address).
    private static func keepsInAddress(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x21, 0x23, 0x24, 0x25, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x3A, 0x3B, 0x3D, 0x3F, 0x40, 0x5F, 0x7E: true
        default: false
        }
    }

    /// A line's text as plain text: tabs as spaces (`appendSpace`), the rest as it is.
    private static func appendPlain(_ text: UnsafeBufferPointer<UInt8>, to plain: inout [UInt8]) {
        var runStart = 0
        for position in text.indices where text[position] == 0x09 {
            plain.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<position]))
            appendSpace(to: &plain)
            runStart = position + 1
        }
        plain.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
    }

    /// A space, unless the text is empty or already ends with one.
    private static func appendSpace(to bytes: inout [UInt8]) {
        if let last = bytes.last, last != 0x20 { bytes.append(0x20) }
    }

    private static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Copies `literal` into `buffer` at `offset`; the offset after it.
    private static func copy(_ literal: StaticString, to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        copy(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount), to: buffer, at: offset)
    }

    private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return offset }
        (target + offset).update(from: source, count: bytes.count)
        return offset + bytes.count
    }
}
