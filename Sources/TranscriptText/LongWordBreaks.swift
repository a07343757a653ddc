/// Places to break the very long words of a text's HTML (`<wbr />` every `spacing` characters of a word longer
/// than `threshold` bytes): a browser breaks such a word where it may (the pages allow breaks anywhere), and a
/// word whose letters are joined by the font (a base letter and its combining accents, repeated 50,000 times)
/// is shaped again at every place it tries, which takes seconds; at a `<wbr />` it need not. The text reads and
/// copies the same. Breaks go only between grapheme clusters, outside tags and character references.
enum LongWordBreaks {
    /// Words up to this many bytes are left as they are.
    static let threshold = 256
    /// Characters (grapheme clusters) between two breaks.
    static let spacing = 128

    /// `html` with breaks in its long words; the same string when it has none.
    static func insert(in html: String) -> String {
        guard hasLongWord(html) else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count + html.utf8.count / 64)
        var inTag = false
        var inReference = false
        var run = 0
        for character in html {
            switch character {
            case "<":
                inTag = true
                run = 0
            case ">" where inTag:
                inTag = false
                output.append(character)
                continue
            default:
                break
            }
            if !inTag {
                if character.isWhitespace {
                    run = 0
                } else {
                    if !inReference, run >= spacing {
                        output += "<wbr />"
                        run = 0
                    }
                    if character == "&" { inReference = true }
                    run += 1
                    if character == ";" { inReference = false }
                }
            }
            output.append(character)
        }
        return output
    }

    /// Whether `html` has a run of more than `threshold` bytes outside tags without white space.
    private static func hasLongWord(_ html: String) -> Bool {
        guard html.utf8.count > threshold else { return false }
        var run = 0
        var inTag = false
        for byte in html.utf8 {
            switch byte {
            case UInt8(ascii: "<"): inTag = true; run = 0
            case UInt8(ascii: ">"): inTag = false
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): run = 0
            default:
                if !inTag {
                    run += 1
                    if run > threshold { return true }
                }
            }
        }
        return false
    }
}
