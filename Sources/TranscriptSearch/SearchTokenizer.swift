import Foundation

/// Splits text into the terms the search index stores and queries look up, the same way on both sides.
///
/// - Words of letters and digits, case-, diacritic- and width-insensitive (`Café`, `CAFE` and `ｃａｆé` are all
///   `cafe`; `Straße` is `strasse`); an apostrophe inside a word is dropped (`don't` is `dont`).
/// - Scripts written without spaces (Chinese, Japanese, Thai, Lao, Khmer, Myanmar) as overlapping pairs of
///   characters (`東京都` is `東京` and `京都`), and a lone character as itself, so any run of two or more
///   characters in a query finds the text that holds it.
/// - Emoji, each as a term of its own, without skin tones and variation selectors (`👍🏽` is `👍`).
///
/// Terms longer than `maximumLength` characters are cut to that length.
public struct SearchTokenizer: Sendable {
    /// The longest term, in Unicode scalars.
    public static let maximumLength = 40

    public init() {}

    /// The terms of `text`, in order, with repeats.
    public func terms(_ text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(in: text) { terms.append(String(decoding: $0, as: UTF8.self)) }
        return terms
    }

    /// Calls `body` with the UTF-8 bytes of each term of `text`, in order, with repeats (the terms `terms(_:)`
    /// gives, without making a string of each). The bytes are valid only during the call.
    package func forEachTerm(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        let foldedByTable = text.withUTF8 { bytes -> Bool in
            guard let firstOther = bytes.firstIndex(where: { $0 >= 0x80 }) else {
                asciiTerms(bytes, body)
                return true
            }
            // Where the text's ASCII start ends, after a separator (the text from there on holds a character that
            // is not ASCII): 0 when it has no separator.
            var split = firstOther
            while split > 0, SearchScalarRole(ascii: bytes[split - 1]) != .separator { split -= 1 }
            // Folding goes character by character, and a separator ends every term: the ASCII before one is read
            // as ASCII (with the apostrophe's rule for folded text), the rest folded. A text the table cannot fold
            // is folded by Foundation whole.
            let folding = SearchFolding.shared
            let rest = UnsafeBufferPointer(rebasing: bytes[split...])
            return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: rest.count * folding.longestForm) { scalars in
                guard let count = folding.fold(utf8: rest, into: scalars.baseAddress!) else { return false }
                if split > 0 { asciiTerms(UnsafeBufferPointer(rebasing: bytes[..<split]), apostropheBeforeDigits: false, body) }
                foldedTerms(UnsafeBufferPointer(rebasing: scalars[..<count]), folding: folding, body)
                return true
            }
        }
        if !foldedByTable { foldedWhole(text, body) }
    }

    /// The terms of `text` folded by Foundation as a whole.
    private func foldedWhole(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let scalars = SearchFolding.fold(text).unicodeScalars.map(\.value)
        scalars.withUnsafeBufferPointer { foldedTerms($0, folding: .shared, body) }
    }

    /// The terms of `text` folded by Foundation as a whole, which is what `forEachTerm(in:_:)` gives: for
    /// tests of the table it folds with (`SearchFolding`).
    func termsFoldedWhole(_ text: String) -> [String] {
        var terms: [String] = []
        foldedWhole(text) { terms.append(String(decoding: $0, as: UTF8.self)) }
        return terms
    }

    /// Plain ASCII needs no folding: lowercase letters and digits, split on everything else; a word's first
    /// `maximumLength` bytes are its term.
    /// An apostrophe inside a word followed by a letter is dropped; followed by a digit too in plain ASCII text
    /// (`apostropheBeforeDigits`), where folded text has a letter follow (a digit is not alphabetic).
    private func asciiTerms(
        _ bytes: UnsafeBufferPointer<UInt8>, apostropheBeforeDigits: Bool = true, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumLength) { word in
            var length = 0
            var inWord = false
            func flush() {
                if inWord { body(UnsafeBufferPointer(rebasing: word[..<length])) }
                length = 0
                inWord = false
            }
            for position in bytes.indices {
                var byte = bytes[position]
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    break
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    byte += 32
                case UInt8(ascii: "'") where inWord && position + 1 < bytes.count
                    && Self.isASCIIWordByte(bytes[position + 1], digits: apostropheBeforeDigits):
                    continue
                default:
                    flush()
                    continue
                }
                inWord = true
                if length < Self.maximumLength {
                    word[length] = byte
                    length += 1
                }
            }
            flush()
        }
    }

    private static func isASCIIWordByte(_ byte: UInt8, digits: Bool) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (digits && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
    }

    /// The terms of folded text (its characters' values): words of letters, digits and marks (a mark does not
    /// start one), pairs of characters of scripts written without spaces, and emoji one by one.
    private func foldedTerms(
        _ scalars: UnsafeBufferPointer<UInt32>, folding: SearchFolding, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: FoldedTermWriter.capacity) { buffer in
            var terms = FoldedTermWriter(buffer: buffer.baseAddress!)
            for position in scalars.indices {
                let scalar = scalars[position]
                let role = folding.role(ofValue: scalar)
                switch role {
                case .word, .mark:
                    terms.flushUnspaced(body)
                    if role == .mark, terms.wordLength == 0 { continue }
                    terms.addToWord(scalar)
                case .unspaced:
                    terms.flushWord(body)
                    terms.addUnspaced(scalar, body)
                case .emoji:
                    terms.flushWord(body)
                    terms.flushUnspaced(body)
                    terms.emit(scalar, nil, body)
                case .apostrophe where terms.wordLength > 0 && position + 1 < scalars.count
                    && Unicode.Scalar(scalars[position + 1])?.properties.isAlphabetic == true:
                    continue
                case .apostrophe, .separator:
                    terms.flushWord(body)
                    terms.flushUnspaced(body)
                }
            }
            terms.flushWord(body)
            terms.flushUnspaced(body)
        }
    }

    /// The word and the run of unspaced characters being read, handed out as terms' bytes: a run gives each pair
    /// of neighbours as it is read, and a lone character when it ends. (A struct with mutating methods rather than
    /// local functions over captured variables, which would be checked for exclusive access on every character.)
    private struct FoldedTermWriter {
        /// The bytes a writer needs: a word's, then a term's of one or two characters.
        static let capacity = SearchTokenizer.maximumLength * 4 + 8

        let word: UnsafeMutablePointer<UInt8>
        let term: UnsafeMutablePointer<UInt8>
        var wordBytes = 0
        var wordLength = 0
        /// The last character of the run of unspaced ones, and how long the run is.
        var lastUnspaced: UInt32 = 0
        var unspacedCount = 0

        init(buffer: UnsafeMutablePointer<UInt8>) {
            word = buffer
            term = buffer + SearchTokenizer.maximumLength * 4
        }

        mutating func addToWord(_ scalar: UInt32) {
            guard wordLength < SearchTokenizer.maximumLength else { return }
            UTF8Scalar.encode(scalar, into: word, at: &wordBytes)
            wordLength += 1
        }

        func emit(_ first: UInt32, _ second: UInt32?, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            var count = 0
            UTF8Scalar.encode(first, into: term, at: &count)
            if let second { UTF8Scalar.encode(second, into: term, at: &count) }
            body(UnsafeBufferPointer(start: term, count: count))
        }

        mutating func addUnspaced(_ scalar: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if unspacedCount > 0 { emit(lastUnspaced, scalar, body) }
            lastUnspaced = scalar
            unspacedCount += 1
        }

        mutating func flushWord(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            guard wordLength > 0 else { return }
            body(UnsafeBufferPointer(start: word, count: wordBytes))
            wordBytes = 0
            wordLength = 0
        }

        mutating func flushUnspaced(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if unspacedCount == 1 { emit(lastUnspaced, nil, body) }
            unspacedCount = 0
        }
    }

    /// Characters of scripts written without spaces between words.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF,  // Hiragana, Katakana
             0x31F0...0x31FF,  // Katakana extensions
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F,  // Han
             0x0E00...0x0E7F,  // Thai
             0x0E80...0x0EFF,  // Lao
             0x1780...0x17FF,  // Khmer
             0x1000...0x109F:  // Myanmar
            return scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .spacingMark
        default:
            return false
        }
    }

    /// Pictographic emoji; digits, `#` and `*` (which can start keycap emoji) and skin-tone modifiers are not.
    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x2100 else { return false }
        let properties = scalar.properties
        guard properties.isEmoji, !properties.isEmojiModifier else { return false }
        return properties.isEmojiPresentation || scalar.value >= 0x2600
    }
}
