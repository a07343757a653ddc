import TranscriptJSON
import TranscriptModel

/// The text repair Facebook's JSON exports need: every string is UTF-8 whose bytes were written as
/// `\u00XX` code points (`J\u00e2\u009d\u00a4\u00ef\u00b8\u008fhn` for `J❤️hn`), so after JSON decoding the
/// text is Latin-1 mojibake.
enum MessengerText {
    /// The string with the mojibake undone: when every scalar is at most U+00FF (and one is beyond ASCII), the
    /// scalars are read as bytes and decoded as UTF-8. Anything else, or bytes that are not valid UTF-8 (a real
    /// `café`), is returned unchanged.
    static func repair(_ text: String) -> String {
        var needsRepair = false
        for scalar in text.unicodeScalars {
            if scalar.value > 0xFF { return text }
            if scalar.value >= 0x80 { needsRepair = true }
        }
        guard needsRepair else { return text }
        let bytes = text.unicodeScalars.map { UInt8($0.value) }
        return String(validating: bytes, as: UTF8.self) ?? text
    }

    /// A repaired string value, or nil for anything that is not a string.
    package static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return repair(text) }
        return nil
    }
}
