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
    /// escaping byte by byte gives what escaping scalar by scalar gives.
    package static func append(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var unescaped = 0
        for index in text.indices {
            let replacement: StaticString
            switch text[index] {
            case 0x26: replacement = "&amp;"
            case 0x3C: replacement = "&lt;"
            case 0x3E: replacement = "&gt;"
            case 0x22: replacement = "&quot;"
            case 0x27: replacement = "&#39;"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[unescaped..<index]))
            replacement.withUTF8Buffer { output.append(contentsOf: $0) }
            unescaped = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[unescaped...]))
    }
}
