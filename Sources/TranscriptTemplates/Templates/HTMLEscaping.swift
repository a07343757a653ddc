import TranscriptModel
import TranscriptSupport

/// HTML escaping for template values, the same as swift-mustache's: `&`, `<`, `>`, `"` and `'`.
package enum HTMLEscaping {
    package static func append(_ text: String, to output: inout String) {
        var text = text
        let needsEscaping = text.withUTF8 { bytes in
            bytes.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
        }
        guard needsEscaping else {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }

    /// Appends UTF-8 `text` escaped. The five characters are ASCII, and no byte of a longer UTF-8 sequence is, so
    /// escaping byte by byte gives what escaping scalar by scalar gives. The bytes are looked at eight at a time:
    /// most values (times, names, anchors) have none of the five.
    static func append(_ text: UnsafeBufferPointer<UInt8>, to output: inout RenderedBytes) {
        guard let base = text.baseAddress else { return }
        let count = text.count
        var unescaped = 0
        var index = 0
        while index < count {
            if index + 8 <= count {
                let found = specialBytes(in: ByteWords.word(at: base + index))
                guard found != 0 else {
                    index += 8
                    continue
                }
                index += ByteWords.firstFlagged(found)
            }
            let replacement: StaticString
            switch base[index] {
            case 0x26: replacement = "&amp;"
            case 0x3C: replacement = "&lt;"
            case 0x3E: replacement = "&gt;"
            case 0x22: replacement = "&quot;"
            case 0x27: replacement = "&#39;"
            default:
                index += 1
                continue
            }
            output.append(base + unescaped, count: index - unescaped)
            output.append(replacement.utf8Start, count: replacement.utf8CodeUnitCount)
            index += 1
            unescaped = index
        }
        output.append(base + unescaped, count: count - unescaped)
    }

    /// The bytes of `word` that are `&`, `'`, `<`, `>` or `"` (only the first flag is sure: see `ByteWords`).
    /// A byte with the low bit set is `'` only when it was `&` or `'`; with the bit 0x02 set, `>` only when it
    /// was `<` or `>`.
    @inline(__always)
    private static func specialBytes(in word: UInt64) -> UInt64 {
        ByteWords.zeroBytes((word | ByteWords.every(0x01)) ^ ByteWords.every(0x27))
            | ByteWords.zeroBytes((word | ByteWords.every(0x02)) ^ ByteWords.every(0x3E))
            | ByteWords.zeroBytes(word ^ ByteWords.every(0x22))
    }
}
