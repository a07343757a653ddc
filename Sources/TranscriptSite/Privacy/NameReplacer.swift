import Foundation

/// Replaces people's names and ids in free text (mentions, events such as "Alice joined", quotes): whole
/// names and ids in any case, and the capitalised words of a name (`Alice`, `Smith`) as they are written.
/// A word that two people's names share becomes `ambiguous` instead of either pseudonym.
struct NameReplacer: Sendable {
    private let expression: NSRegularExpression?
    /// Replacements by the lowercased whole name or id.
    private let whole: [String: String]
    /// Replacements by name word, as written.
    private let words: [String: String]
    /// The first word (letters and digits, lowercased) of every name, id and name word: a text without any
    /// of them has nothing to replace, and is not searched.
    private let firstWords: Set<String>

    /// `people` pairs what to find (a name and the id) with what replaces it.
    init(_ people: [(names: [String], replacement: String)], ambiguous: String) {
        var whole: [String: String] = [:]
        var words: [String: String] = [:]
        var shared = Set<String>()
        for person in people {
            for name in person.names {
                let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
                guard trimmed.count >= 2 else { continue }
                whole[trimmed.lowercased()] = person.replacement
                let parts = trimmed.split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "’" })
                guard parts.count > 1 else { continue }
                for part in parts where part.count >= 3 && part.first!.isUppercase {
                    let word = String(part)
                    if let other = words[word], other != person.replacement { shared.insert(word) }
                    words[word] = person.replacement
                }
            }
        }
        for word in shared { words[word] = ambiguous }
        // A word that is a whole name or id of its own keeps that replacement.
        for key in words.keys where whole[key.lowercased()] != nil { words[key] = nil }
        self.whole = whole
        self.words = words
        firstWords = Set((Array(whole.keys) + Array(words.keys)).compactMap { Self.words(of: $0).first })
        // Longer alternatives first, so "Alice Smith" wins over "Alice".
        let alternatives = (Array(whole.keys) + Array(words.keys)).sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        expression = alternatives.isEmpty ? nil : try? NSRegularExpression(
            pattern: #"(?<![\p{L}\p{N}_])(?:"# + alternatives.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
                + #")(?![\p{L}\p{N}_])"#,
            options: [.caseInsensitive])
    }

    /// `text` with every name replaced; how many were.
    func replace(in text: String) -> (text: String, count: Int) {
        guard let expression, !text.isEmpty, mentionsAFirstWord(text) else { return (text, 0) }
        let string = text as NSString
        var result = ""
        var position = 0
        var count = 0
        for match in expression.matches(in: text, range: NSRange(location: 0, length: string.length)) {
            let found = string.substring(with: match.range)
            guard let replacement = whole[found.lowercased()] ?? words[found] else { continue }
            result += string.substring(with: NSRange(location: position, length: match.range.location - position))
            result += replacement
            position = match.range.location + match.range.length
            count += 1
        }
        guard count > 0 else { return (text, 0) }
        result += string.substring(from: position)
        return (result, count)
    }

    /// Whether a word of `text` is the first word of a name or id. ASCII text is read byte by byte (its
    /// words, up to 15 bytes, are small strings that need no memory of their own); other text word by word.
    func mentionsAFirstWord(_ text: String) -> Bool {
        var word: [UInt8] = []
        word.reserveCapacity(32)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                word.append(byte + 32)
            case 0x80...:
                return Self.words(of: text).contains(where: firstWords.contains)
            default:
                if !word.isEmpty {
                    if firstWords.contains(String(decoding: word, as: UTF8.self)) { return true }
                    word.removeAll(keepingCapacity: true)
                }
            }
        }
        return !word.isEmpty && firstWords.contains(String(decoding: word, as: UTF8.self))
    }

    /// The runs of letters, digits and `_` in `text`, lowercased: the words the expression's boundaries see.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType != nil || scalar == "_" {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current).lowercased())
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current).lowercased()) }
        return words
    }
}
