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
        while index < bytes.count {
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
}
