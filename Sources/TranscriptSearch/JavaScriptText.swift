import TranscriptModel
import TranscriptSupport

/// Writes strings as JavaScript (and JSON) string literals that are safe anywhere in a script file.
package enum JavaScriptText {
    /// `text` in double quotes, with `"`, `\`, control characters, `<`, `>`, `&`, U+2028 and U+2029 escaped.
    package static func string(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 2)
        append(text, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// Appends `text` as a string literal (see `string(_:)`) to UTF-8 bytes. The bytes between escapes are
    /// copied a run at a time.
    package static func append(_ text: String, to result: inout [UInt8]) {
        var text = text
        text.withUTF8 { append(utf8: $0, to: &result) }
    }

    /// Appends UTF-8 `bytes` as a string literal (see `string(_:)`).
    package static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to result: inout [UInt8]) {
        result.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while true {
            index = nextEscapeCandidate(in: bytes, from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            let escape: (simple: UInt8?, code: UInt32?, length: Int)
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape = (byte, nil, 1)
            case UInt8(ascii: "\n"): escape = (UInt8(ascii: "n"), nil, 1)
            case UInt8(ascii: "\r"): escape = (UInt8(ascii: "r"), nil, 1)
            case UInt8(ascii: "\t"): escape = (UInt8(ascii: "t"), nil, 1)
            case 0..<0x20, 0x7F, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"): escape = (nil, UInt32(byte), 1)
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                // U+2028 and U+2029 end a line in older scripts.
                escape = (nil, bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, 3)
            default:
                index += 1
                continue
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            if let simple = escape.simple {
                result.append(UInt8(ascii: "\\"))
                result.append(simple)
            } else if let code = escape.code {
                appendEscape(code, to: &result)
            }
            index += escape.length
            runStart = index
        }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        result.append(UInt8(ascii: "\""))
    }

    /// The first byte from `start` on that may need an escape: a control character, `"`, `\`, `<`, `>`, `&`,
    /// DEL, or 0xE2 (which starts U+2028 and U+2029); `bytes.count` when there is none. Eight bytes at a time
    /// (most text needs no escape at all).
    @inline(__always)
    static func nextEscapeCandidate(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let count = bytes.count
        var index = start
        while index + 8 <= count {
            let word = ByteWords.word(at: base + index)
            // `<` and `>` are the bytes that give `>` with the bit 0x02 set.
            let found = ByteWords.bytes(of: word, below: 0x20) | ByteWords.zeroBytes(word ^ ByteWords.every(0x22))
                | ByteWords.zeroBytes(word ^ ByteWords.every(0x5C))
                | ByteWords.zeroBytes((word | ByteWords.every(0x02)) ^ ByteWords.every(0x3E))
                | ByteWords.zeroBytes(word ^ ByteWords.every(0x26)) | ByteWords.zeroBytes(word ^ ByteWords.every(0x7F))
                | ByteWords.zeroBytes(word ^ ByteWords.every(0xE2))
            if found != 0 { return index + ByteWords.firstFlagged(found) }
            index += 8
        }
        while index < count {
            switch bytes[index] {
            case 0..<0x20, 0x22, 0x5C, 0x3C, 0x3E, 0x26, 0x7F, 0xE2: return index
            default: index += 1
            }
        }
        return count
    }

    private static func appendEscape(_ value: UInt32, to result: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        result += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) { result.append(hex[Int((value >> UInt32(shift)) & 0xF)]) }
    }

    /// `text` in double quotes as it is: for text made only of `PostingCoder`'s digits, which need no escape.
    package static func postings(_ text: String) -> String {
        assert(text.utf8.allSatisfy { PostingCoder.alphabet.contains($0) })
        return "\"" + text + "\""
    }

    /// Appends the literal of `postings(_:)` to UTF-8 bytes.
    package static func appendPostings(_ text: String, to bytes: inout [UInt8]) {
        assert(text.utf8.allSatisfy { PostingCoder.alphabet.contains($0) })
        bytes.append(UInt8(ascii: "\""))
        bytes += text.utf8
        bytes.append(UInt8(ascii: "\""))
    }
}
