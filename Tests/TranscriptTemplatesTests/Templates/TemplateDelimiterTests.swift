import Foundation
import Testing

@testable import TranscriptTemplates

@Suite struct TemplateDelimiterTests {
    /// Where the delimiter's characters first stand among the text's characters (the way swift-mustache reads).
    static func byCharacters(_ delimiter: String, in text: Substring) -> Range<String.Index>? {
        let characters = Array(text)
        let pattern = Array(delimiter)
        var indices = Array(text.indices)
        indices.append(text.endIndex)
        guard characters.count >= pattern.count else { return nil }
        for start in 0...(characters.count - pattern.count) where Array(characters[start..<start + pattern.count]) == pattern {
            return indices[start]..<indices[start + pattern.count]
        }
        return nil
    }

    /// Every text of up to five pieces from braces, letters, a combining mark, a prefix mark (U+0600), CR, LF
    /// and a letter beyond ASCII: found where the characters say, for each delimiter, in whole texts and in
    /// texts cut after their first character.
    @Test func foundWhereTheCharactersAre() {
        let pieces = ["{", "}", "a", "\u{301}", "\u{600}", "\r", "\n", "é"]
        var texts = [""]
        var last = [""]
        for _ in 1...5 {
            last = last.flatMap { text in pieces.map { text + $0 } }
            texts += last
        }
        texts += ["x{{name}}y", "{{#a}}\u{301}{{/a}}", "{{a}}}", "\u{600}{{a}}", "{\u{301}{a}}{{b}}", "🙂{{x}}🙂", "{{\r\n}}"]
        var checked = 0
        for text in texts {
            for slice in [text[...], text.isEmpty ? text[...] : text[text.index(after: text.startIndex)...]] {
                for delimiter: StaticString in ["{{", "}}", "}}}"] {
                    let expected = Self.byCharacters("\(delimiter)", in: slice)
                    #expect(TemplateDelimiter.range(of: delimiter, in: slice) == expected, "\(delimiter) in \(Array(slice.unicodeScalars))")
                    checked += 1
                }
            }
        }
        #expect(checked > 200_000)
    }

    /// A name is trimmed as Foundation trims whitespace, with or without spaces, tabs or other blanks around it.
    @Test func namesAreTrimmedOfWhitespace() {
        for name in ["", " ", "a", " a", "a ", "\ta.b\t", "\u{a0}x\u{a0}", "x\u{2003}", "é", " é ", "a b", "\u{301}a", "a\n"] {
            #expect(TemplateDelimiter.trimmed(name[...]) == name.trimmingCharacters(in: .whitespaces), "\(Array(name.unicodeScalars))")
        }
    }
}
