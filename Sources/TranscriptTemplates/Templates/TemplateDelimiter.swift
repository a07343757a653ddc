import Foundation

/// Finds a tag's delimiters (`{{`, `}}`, `}}}`) in a template's text by its UTF-8 bytes: Foundation's search
/// was most of the time it took to read the templates at the start of every build.
///
/// A delimiter is found only as whole characters, as swift-mustache reads templates (by `Character`): a brace
/// followed by a combining mark is another character, not a brace. Next to a brace, only the scalars after it
/// that extend a character (marks, joiners) and those before it that prefix one can join it into another
/// character, so the characters are asked for only when a neighbour is beyond ASCII.
enum TemplateDelimiter {
    /// Where `delimiter` (ASCII) first stands in `text` as whole characters; nil when it does not.
    static func range(of delimiter: StaticString, in text: Substring) -> Range<String.Index>? {
        let pattern = UnsafeBufferPointer(start: delimiter.utf8Start, count: delimiter.utf8CodeUnitCount)
        let utf8 = text.utf8
        var from = utf8.startIndex
        while let start = utf8[from...].firstIndex(of: pattern[0]) {
            var end = start
            var matches = true
            for byte in pattern {
                guard end < utf8.endIndex, utf8[end] == byte else {
                    matches = false
                    break
                }
                end = utf8.index(after: end)
            }
            if matches, isBoundary(start, in: text), isBoundary(end, in: text) { return start..<end }
            from = utf8.index(after: start)
        }
        return nil
    }

    /// A tag's name without the spaces and tabs around it (`trimmingCharacters(in: .whitespaces)`, which is
    /// asked only when the name starts or ends with a byte that could be one).
    static func trimmed(_ name: Substring) -> String {
        guard let first = name.utf8.first, let last = name.utf8.last,
              first < 0x80, last < 0x80, first != 0x20, first != 0x09, last != 0x20, last != 0x09
        else { return name.trimmingCharacters(in: .whitespaces) }
        return String(name)
    }

    /// Whether `index` (next to an ASCII byte, so between scalars) is between two characters of `text`.
    private static func isBoundary(_ index: String.Index, in text: Substring) -> Bool {
        guard index > text.startIndex, index < text.endIndex else { return true }
        let before = text.utf8[text.utf8.index(before: index)]
        let after = text.utf8[index]
        if before < 0x80, after < 0x80 { return before != 0x0D || after != 0x0A }
        let scalars = text.unicodeScalars
        return String(text[scalars.index(before: index)..<scalars.index(after: index)]).count == 2
    }
}
