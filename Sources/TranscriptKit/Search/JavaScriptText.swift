/// Writes strings as JavaScript (and JSON) string literals that are safe anywhere in a script file.
enum JavaScriptText {
    /// `text` in double quotes, with `"`, `\`, control characters, `<`, `>`, `&`, U+2028 and U+2029 escaped.
    static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{0}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` in double quotes as it is: for text made only of `PostingCoder`'s digits, which need no escape.
    static func postings(_ text: String) -> String {
        assert(text.utf8.allSatisfy { PostingCoder.alphabet.contains($0) })
        return "\"" + text + "\""
    }
}
