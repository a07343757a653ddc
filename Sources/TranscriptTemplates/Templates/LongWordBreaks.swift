import TranscriptModel
import TranscriptSupport

/// Places to break the very long words of HTML (`<wbr />` every `spacing` code points of a word longer than
/// `threshold` bytes), for a text's HTML and for whole pages: a browser breaks such a word where it may (the
/// pages allow breaks anywhere), and a word whose letters the font joins (a letter and its combining accent,
/// repeated 50,000 times) is shaped again at every place it tries, which takes seconds; at a `<wbr />` it need
/// not. The text reads and copies the same. Breaks go only between grapheme clusters, never inside a tag or a
/// character reference, nor in `title`, `script`, `style` or `textarea` (whose text is not markup).
package enum LongWordBreaks {
    /// Words up to this many bytes are left as they are.
    static let threshold = 256
    /// Code points between two breaks, at most (a grapheme cluster is never cut, so one longer stands alone).
    /// Chromium shapes a part of letters joined by marks in time that grows faster than its length (parts of 128
    /// accented letters, 256 code points, took seconds), while every break is an element to lay out: a page of
    /// plain 100,000-letter words loaded in 1.6 s with parts of 64 letters and 1.2 s with parts of 128.
    static let spacing = 128

    /// `html` with breaks in its long words; the same string when it has none.
    package static func insert(in html: String) -> String {
        var html = html
        let broken: [UInt8]? = html.withUTF8 { bytes in
            mayHaveLongWord(bytes) ? breaking(bytes) : nil
        }
        return broken.map { String(decoding: $0, as: UTF8.self) } ?? html
    }

    /// The UTF-8 bytes of HTML with breaks in its long words; the same bytes when it has none.
    package static func insert(in html: [UInt8]) -> [UInt8] {
        html.withUnsafeBufferPointer { bytes in mayHaveLongWord(bytes) ? breaking(bytes) : nil } ?? html
    }

    /// Whether `bytes` may hold a run of more than `threshold` bytes without white space, `<` or `>`: eight bytes
    /// at a time, a word with any of them ends the run (so a run is missed by at most seven bytes).
    private static func mayHaveLongWord(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count > threshold else { return false }
        var run = 0
        var index = 0
        while index + 8 <= bytes.count {
            let word = ByteWords.word(at: base + index)
            let separators = ByteWords.bytes(of: word, below: 0x21)
                | ByteWords.zeroBytes((word | ByteWords.every(0x02)) ^ ByteWords.every(0x3E))
            run = separators == 0 ? run + 8 : 0
            if run > threshold { return true }
            index += 8
        }
        return false
    }

    /// The elements whose text is not markup: a `<wbr />` there would be shown as written, or break a script.
    private static let rawTextElements: Set<String> = ["title", "script", "style", "textarea"]

    private static func breaking(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 64)
        var copied = 0
        var runStart = 0
        var inTag = false
        var tagName: String?  // of the tag being read, when it opens a raw text element
        var rawEnd: [UInt8]?  // `</name`, while in a raw text element
        var index = 0
        func endRun(at end: Int) {
            guard end - runStart > threshold else { return }
            output.append(contentsOf: bytes[copied..<runStart])
            output.append(contentsOf: broken(String(decoding: bytes[runStart..<end], as: UTF8.self)).utf8)
            copied = end
        }
        while index < bytes.count {
            let byte = bytes[index]
            if let closing = rawEnd {
                if byte == UInt8(ascii: "<"), matches(closing, in: bytes, at: index) { rawEnd = nil; inTag = true }
                index += 1
                continue
            }
            if inTag {
                if byte == UInt8(ascii: ">") {
                    inTag = false
                    runStart = index + 1
                    if let name = tagName { rawEnd = Array("</\(name)".utf8) }
                    tagName = nil
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "<"):
                endRun(at: index)
                inTag = true
                let name = Self.name(in: bytes, after: index)
                tagName = rawTextElements.contains(name) ? name : nil
            case 0x09, 0x0A, 0x0C, 0x0D, 0x20:
                endRun(at: index)
                runStart = index + 1
            default:
                break
            }
            index += 1
        }
        if !inTag, rawEnd == nil { endRun(at: bytes.count) }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    /// A run of text without white space or tags, with a break before a grapheme cluster that would take its part
    /// past `spacing` code points, outside character references.
    private static func broken(_ run: String) -> String {
        var output = ""
        output.reserveCapacity(run.utf8.count + run.utf8.count / 64)
        var count = 0
        var inReference = false
        for character in run {
            let scalars = character.unicodeScalars.count
            if !inReference, count > 0, count + scalars > spacing {
                output += "<wbr />"
                count = 0
            }
            if character == "&" { inReference = true }
            if character == ";" { inReference = false }
            output.append(character)
            count += scalars
        }
        return output
    }

    /// The lowercased name of the tag that starts at `index` (`<name` or `</name`); empty for a closing tag.
    private static func name(in bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> String {
        var end = index + 1
        while end < bytes.count, end - index <= 10, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z") {
            end += 1
        }
        return String(decoding: bytes[(index + 1)..<end], as: UTF8.self).lowercased()
    }

    /// Whether `bytes` at `index` start with `prefix`, letters compared without case.
    private static func matches(_ prefix: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + prefix.count <= bytes.count else { return false }
        for (offset, byte) in prefix.enumerated() where bytes[index + offset] | 0x20 != byte | 0x20 { return false }
        return true
    }
}
