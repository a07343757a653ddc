import TranscriptModel
import TranscriptSupport

/// The HTML and plain text of a text written without markup (`TextFormat.plain`), written in one pass over its
/// bytes: what cmark's HTML renderer writes for the tree such a text makes
/// (`CommonMarkRenderer.renderPlainThroughCmark`, which the tests hold it to, byte for byte), without building the tree.
///
/// - Lines end at LF, CR or CRLF; a line of nothing but spaces and tabs ends a paragraph (`<p>`…`</p>` and a line
///   feed), the other lines of a paragraph are joined by `<br />` and a line feed.
/// - A line's text ends at its first zero byte (cmark keeps a literal up to it).
/// - Text is escaped as cmark escapes it (`houdini_escape_html0`, not in its secure mode): `"`, `&`, `<` and `>`
///   become entities, nothing else changes.
/// - Bare URLs (`URLScanner`) become links, their targets escaped as cmark escapes a link's address
///   (`houdini_escape_href`): `&` and `'` become entities, every other byte outside letters, digits and
///   ``!#$%()*+,-./:;=?@_~`` becomes a percent escape. A target starts with `http` or `www`, never with a scheme
///   that cmark's safe mode empties.
///
/// Most messages of a chat export are plain text: writing their HTML directly saves building each a tree for cmark
/// to walk and write, and taking the C string it returns (docs/architecture.md).
enum PlainTextHTML {
    /// The HTML of `source` and, when `wantsPlainText`, its plain text (else empty): the texts of its lines up to
    /// their zero bytes, where a line end, a blank line or a tab is a space unless the text so far is empty or ends in
    /// one, and the spaces at the end taken off.
    static func render(_ source: String, wantsPlainText: Bool) -> RenderedText {
        var utf8Source = source
        let rendered = utf8Source.withUTF8 { bytes -> RenderedText? in
            // Any text but one line that the fast path below takes.
            guard isSimpleLine(bytes) else { return renderLines(bytes, wantsPlainText: wantsPlainText) }
            return nil
        }
        if let rendered { return rendered }
        // One paragraph of one line, nothing escaped or linked: its HTML is the text in `<p>`, and its plain text the
        // text itself (the string as `withUTF8` made it, its bytes the ones written).
        let html = utf8Source.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count + 8) { buffer in
                var written = copy(Self.paragraphStart, to: buffer, at: 0)
                written = copy(bytes, to: buffer, at: written)
                return copy(Self.paragraphEnd, to: buffer, at: written)
            }
        }
        return RenderedText(html: html, plainText: wantsPlainText ? utf8Source : "")
    }

    private static let paragraphStart: StaticString = "<p>"
    private static let paragraphEnd: StaticString = "</p>\n"
    private static let lineBreak: StaticString = "<br />\n"

    /// Whether `bytes` is one line with something to show, ending in something other than a space, with no byte
    /// below 0x0E (line ends, tabs, zero bytes among them), none that HTML escapes, and nothing
    /// `URLScanner.mayContainURL` takes for a URL.
    private static func isSimpleLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, let last = bytes.last, last != 0x20 else { return false }
        var index = 0
        while index + 8 <= bytes.count {
            if bytesBelowLineOrEscaped(ByteWords.word(at: base + index)) != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x0E || entity(for: byte) != nil { return false }
            index += 1
        }
        return !URLScanner.mayContainURL(bytes)
    }

    /// The bytes of a word below 0x0E or escaped in HTML (flags, as `ByteWords` gives them).
    @inline(__always)
    private static func bytesBelowLineOrEscaped(_ word: UInt64) -> UInt64 {
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
    private static func entity(for byte: UInt8) -> StaticString? {
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
            var lineEnd = Self.lineEnd(in: bytes, from: lineStart)
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
                if wantsPlainText { appendPlainText(text, to: &plain) }
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
        return RenderedText(
            html: String(decoding: html, as: UTF8.self), plainText: String(decoding: plain, as: UTF8.self))
    }

    /// Where the line starting at `start` ends: its first line feed or carriage return, or the end. Eight bytes at a
    /// time: most messages are one line.
    static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        while index + 8 <= bytes.count {
            let word = ByteWords.word(at: base + index)
            let found =
                ByteWords.zeroBytes(word ^ ByteWords.every(0x0A)) | ByteWords.zeroBytes(word ^ ByteWords.every(0x0D))
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

    /// Whether a URL is linked with `http://` before it (`URLScanner.linksWithHTTP`): one starting with `http` is not.
    private static func linksToHTTP(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        guard url.count >= 4, url[0] | 0x20 == 0x77 else { return false }
        return URLScanner.linksWithHTTP(String(decoding: url, as: UTF8.self))
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
            if let entity = entity(for: text[index]) {
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

    /// Letters, digits and ``!#$%()*+,-./:;=?@_~``: the bytes `houdini_escape_href` keeps as they are.
    private static func keepsInAddress(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x21, 0x23, 0x24, 0x25, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F: true
        case 0x3A, 0x3B, 0x3D, 0x3F, 0x40, 0x5F, 0x7E: true
        default: false
        }
    }

    /// Text as plain text: each line feed, carriage return and tab as a space (`appendSpace`), the rest as it is.
    /// (Markdown's plain text takes its text nodes' literals this way too.)
    static func appendPlainText(_ text: UnsafeBufferPointer<UInt8>, to plain: inout [UInt8]) {
        var runStart = 0
        for position in text.indices where text[position] == 0x09 || text[position] == 0x0A || text[position] == 0x0D {
            plain.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<position]))
            appendSpace(to: &plain)
            runStart = position + 1
        }
        plain.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
    }

    /// A space, unless the text is empty or already ends with one.
    static func appendSpace(to bytes: inout [UInt8]) {
        if let last = bytes.last, last != 0x20 { bytes.append(0x20) }
    }

    private static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Copies `literal` into `buffer` at `offset`; the offset after it.
    private static func copy(
        _ literal: StaticString, to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) -> Int {
        copy(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount), to: buffer, at: offset)
    }

    private static func copy(
        _ bytes: UnsafeBufferPointer<UInt8>, to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) -> Int {
        guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return offset }
        (target + offset).initialize(from: source, count: bytes.count)
        return offset + bytes.count
    }
}
