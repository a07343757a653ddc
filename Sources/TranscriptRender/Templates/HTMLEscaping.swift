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
}
