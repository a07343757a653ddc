#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The inside of HTML that is one paragraph and nothing else, as cmark writes a one-paragraph text
/// (`<p>…</p>` and a line break).
enum SingleParagraph {
    private static let opening = Array("<p>".utf8), closing = Array("</p>".utf8), closingLine = Array("</p>\n".utf8)

    /// What lies between `<p>` and `</p>` when `html` is a single paragraph; nil when it is anything else (two
    /// paragraphs, a list, a quote, code).
    ///
    /// Compared byte by byte: `StringProtocol.contains(_:)` of Foundation searched by characters through
    /// `NSString`, a tenth of a build's time when every text row asked.
    static func inside(_ html: String) -> String? {
        let utf8 = html.utf8
        let found = utf8.withContiguousStorageIfAvailable { bytes in range(in: bytes) } ?? Array(utf8).withUnsafeBufferPointer { range(in: $0) }
        guard let found else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: found.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: found.upperBound)
        return String(html[start..<end])
    }

    /// The offsets of the paragraph's inside in `bytes`, when they are one paragraph and a line break.
    private static func range(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let count = bytes.count
        guard count >= opening.count + closingLine.count, bytes.starts(with: opening),
            bytes[(count - closingLine.count)...].elementsEqual(closingLine)
        else { return nil }
        let inner = opening.count..<(count - closingLine.count)
        // Any other block comes after a `</p>` (and text holds none: cmark escapes raw HTML). Each `<` found by
        // `memchr`: most texts have none, or only a few tags.
        guard let base = bytes.baseAddress else { return nil }
        var position = inner.lowerBound
        while position + closing.count <= inner.upperBound {
            guard let found = memchr(base + position, Int32(UInt8(ascii: "<")), inner.upperBound - position) else { break }
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if at + closing.count <= inner.upperBound, memcmp(base + at, closing, closing.count) == 0 { return nil }
            position = at + 1
        }
        return inner
    }
}
