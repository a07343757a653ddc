import Foundation

/// What a character is to the tokenizer, once folded.
enum SearchScalarRole: UInt8, Sendable {
    /// A letter, digit or spacing mark: part of a word.
    case word
    /// A nonspacing mark: part of a word, dropped at a word's start.
    case mark
    /// A character of a script written without spaces (`SearchTokenizer.isUnspaced`).
    case unspaced
    /// A pictographic emoji, a term of its own (`SearchTokenizer.isEmoji`).
    case emoji
    /// `'` or `’`: dropped inside a word when a letter follows, else it ends the word.
    case apostrophe
    /// Anything else ends a word.
    case separator

    /// The role of an ASCII character.
    @inline(__always)
    init(ascii byte: UInt8) {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            self = .word
        case UInt8(ascii: "'"): self = .apostrophe
        default: self = .separator
        }
    }

    /// The role of `scalar`, from its Unicode properties.
    init(of scalar: Unicode.Scalar) {
        if scalar.value < 0x80 {
            self.init(ascii: UInt8(scalar.value))
            return
        }
        if SearchTokenizer.isUnspaced(scalar) {
            self = .unspaced
        } else if SearchTokenizer.isEmoji(scalar) {
            self = .emoji
        } else {
            let properties = scalar.properties
            if properties.generalCategory == .nonspacingMark {
                self = .mark
            } else if properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .spacingMark {
                self = .word
            } else if scalar == "\u{2019}" {
                self = .apostrophe
            } else {
                self = .separator
            }
        }
    }
}

/// Folding (case, diacritics, width) and roles for the characters chat text is mostly written in, looked up
/// instead of asking Foundation and the Unicode properties for every character of every message.
///
/// The table covers blocks of Latin, Greek, Cyrillic, Hebrew, Arabic, punctuation and symbols, kana, Han,
/// full-width forms and emoji, each character that always stands alone as a character (not a mark, a joiner,
/// a control, a regional indicator or a skin tone, which combine with their neighbours). Foundation folds text
/// character by character, so a text made only of such characters (and ASCII) folds as its characters do one
/// by one: each covered character's folding is Foundation's own, asked once when the table is made (a whole
/// block at once when it folds to itself). Regional indicators, and what joins a pictograph into one emoji (a
/// variation selector, a skin tone, a zero-width joiner before another pictograph) right after it, stay as they
/// are, as Foundation leaves them. A text with any other character is folded by Foundation whole.
struct SearchFolding: Sendable {
    /// The blocks covered.
    static let blocks: [ClosedRange<UInt32>] = [
        0x00A0...0x024F,  // Latin-1 Supplement, Latin Extended-A and -B
        0x0370...0x03FF,  // Greek
        0x0400...0x04FF,  // Cyrillic
        0x05D0...0x05EA,  // Hebrew letters
        0x060C...0x064A,  // Arabic punctuation and letters
        0x0660...0x0669,  // Arabic-Indic digits
        0x2010...0x205E,  // General punctuation
        0x20A0...0x20C0,  // Currency symbols
        0x2100...0x27BF,  // Letterlike symbols, arrows, mathematical and technical symbols, dingbats
        0x3000...0x30FF,  // CJK punctuation, Hiragana, Katakana
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xFF01...0xFF5E,  // Full-width ASCII
        0x1F300...0x1FAFF,  // Emoji and pictographs
    ]

    /// The position in `roles` and `foldStarts` of every character up to the last block's end, -1 outside the
    /// blocks (one look-up per character, instead of a search through the blocks).
    private let positions: [Int32]
    /// Each character of the blocks: its role, and where its folded form starts in `folded` (-1 when the
    /// character is not covered); its form ends where the next one starts.
    private let roles: [SearchScalarRole]
    private let foldStarts: [Int32]
    private let foldEnds: [Int32]
    private let folded: [Unicode.Scalar]
    /// The most characters one character folds to (at least 1).
    let longestForm: Int

    /// The table, made on first use.
    static let shared = SearchFolding()

    /// Makes the table on another thread (about 10 ms), so that a build has it ready when it first indexes a
    /// message; a thread that needs it sooner waits for it.
    package static func prepareInBackground() {
        DispatchQueue.global().async { _ = shared }
    }

    private init() {
        var positions = [Int32](repeating: -1, count: Int(Self.blocks.last!.upperBound) + 1)
        var roles: [SearchScalarRole] = []
        var foldStarts: [Int32] = []
        var foldEnds: [Int32] = []
        var folded: [Unicode.Scalar] = []
        for block in Self.blocks {
            for value in block { positions[Int(value)] = Int32(roles.count + Int(value - block.lowerBound)) }
            let scalars = block.map { Unicode.Scalar($0) }
            let covered = scalars.map { $0.map(Self.standsAlone) ?? false }
            for scalar in scalars { roles.append(scalar.map(SearchScalarRole.init(of:)) ?? .separator) }
            let alone = zip(scalars, covered).compactMap { $1 ? $0 : nil }
            var all = String.UnicodeScalarView()
            all.append(contentsOf: alone)
            let foldsToItself = Array(Self.fold(String(all)).unicodeScalars) == alone
            let forms = foldsToItself ? [] : Self.forms(of: alone)
            var next = 0
            for (scalar, isCovered) in zip(scalars, covered) {
                guard let scalar, isCovered else {
                    foldStarts.append(-1)
                    foldEnds.append(-1)
                    continue
                }
                foldStarts.append(Int32(folded.count))
                if foldsToItself {
                    folded.append(scalar)
                } else {
                    folded.append(contentsOf: forms[next])
                    next += 1
                }
                foldEnds.append(Int32(folded.count))
            }
        }
        self.positions = positions
        self.roles = roles
        self.foldStarts = foldStarts
        self.foldEnds = foldEnds
        self.folded = folded
        longestForm = zip(foldStarts, foldEnds).reduce(1) { max($0, Int($1.1 - $1.0)) }
    }

    /// The folded form of each of `characters` (characters that stand alone), from one folding of them all with
    /// U+0001 (a control, which folds to itself and joins nothing) after each; or from one folding per character,
    /// should that not give one form per character. (Folding each on its own took a third of the table's making.)
    private static func forms(of characters: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        let separator: Unicode.Scalar = "\u{1}"
        var separated = String.UnicodeScalarView()
        for character in characters {
            separated.append(character)
            separated.append(separator)
        }
        let parts = Array(fold(String(separated)).unicodeScalars).split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == characters.count + 1 else {
            return characters.map { Array(fold(String(Character($0))).unicodeScalars) }
        }
        return parts.dropLast().map { Array($0) }
    }

    /// How the tokenizer folds text that is not plain ASCII.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Whether a character is one whatever its neighbours: no mark, joiner, control, format character,
    /// regional indicator, skin tone or other grapheme extender.
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        guard !properties.isGraphemeExtend, !properties.isEmojiModifier, !(0x1F1E6...0x1F1FF).contains(scalar.value) else {
            return false
        }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
             .spaceSeparator:
            return true
        default:
            return false
        }
    }

    /// The position of `value` in the tables, or nil when no block holds it.
    private func position(of value: UInt32) -> Int? {
        guard value < positions.count else { return nil }
        let position = positions[Int(value)]
        return position < 0 ? nil : Int(position)
    }

    /// The role of a folded character.
    func role(of scalar: Unicode.Scalar) -> SearchScalarRole {
        role(ofValue: scalar.value)
    }

    /// The role of the folded character whose value is `value` (a Unicode scalar's).
    @inline(__always)
    func role(ofValue value: UInt32) -> SearchScalarRole {
        if value < 0x80 { return SearchScalarRole(ascii: UInt8(truncatingIfNeeded: value)) }
        if let position = position(of: value) { return roles[position] }
        return SearchScalarRole(of: Unicode.Scalar(value)!)
    }

    /// Appends the folded characters of `text` to `scalars` when every character is ASCII or covered; false
    /// (and `scalars` as it may be) when one is not.
    func fold(_ text: String, into scalars: inout [Unicode.Scalar]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: bytes.count * longestForm) { output in
                guard let count = fold(utf8: bytes, into: output.baseAddress!) else { return false }
                scalars.append(contentsOf: output[..<count].map { Unicode.Scalar($0)! })
                return true
            }
        }
    }

    /// `fold(_:into:)` on the UTF-8 bytes of whole characters (well-formed, as a string's are), the first not a mark
    /// or joiner of a character before: writes the folded characters' values to `output`, which has room for
    /// `longestForm` per byte, and says how many; nil when a character is not covered.
    func fold(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt32>) -> Int? {
        positions.withUnsafeBufferPointer { positions in
            foldStarts.withUnsafeBufferPointer { starts in
                foldEnds.withUnsafeBufferPointer { ends in
                    roles.withUnsafeBufferPointer { roles in
                        folded.withUnsafeBufferPointer { folded in
                            Self.fold(
                                utf8: bytes, into: output, positions: positions, starts: starts, ends: ends, roles: roles,
                                folded: folded)
                        }
                    }
                }
            }
        }
    }

    private static func fold(
        utf8 bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt32>, positions: UnsafeBufferPointer<Int32>,
        starts: UnsafeBufferPointer<Int32>, ends: UnsafeBufferPointer<Int32>, roles: UnsafeBufferPointer<SearchScalarRole>,
        folded: UnsafeBufferPointer<Unicode.Scalar>
    ) -> Int? {
        // Whether the character before is part of an emoji (a pictograph, or what joins one), and whether a joiner
        // (U+200D) waits for the pictograph it joins.
        var inEmoji = false
        var joining = false
        var count = 0
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                guard !joining else { return nil }
                output[count] = UInt32(lead &- 0x41 < 26 ? lead &+ 32 : lead)
                count += 1
                index += 1
                inEmoji = false
                continue
            }
            let value = UTF8Scalar.decode(bytes, at: &index)
            if (0x1F1E6...0x1F1FF).contains(value) {
                // A regional indicator (two make a flag) stays as it is.
                guard !joining else { return nil }
                output[count] = value
                count += 1
                inEmoji = false
                continue
            }
            if joinsEmoji(value) {
                // A variation selector, a skin tone or a joiner right after a pictograph stays as it is, as Foundation
                // leaves it in the pictograph's character; anywhere else the text is folded whole.
                guard inEmoji, !joining else { return nil }
                output[count] = value
                count += 1
                joining = value == 0x200D
                continue
            }
            guard value < positions.count else { return nil }
            let position = Int(positions[Int(value)])
            guard position >= 0 else { return nil }
            let start = Int(starts[position])
            guard start >= 0 else { return nil }
            let isPictograph = roles[position] == .emoji
            guard !joining || isPictograph else { return nil }
            joining = false
            inEmoji = isPictograph
            for form in start..<Int(ends[position]) {
                output[count] = folded[form].value
                count += 1
            }
        }
        return joining ? nil : count
    }

    /// U+FE0F (emoji presentation), the skin tones and U+200D (zero-width joiner): what joins a pictograph into
    /// one emoji (`SearchTokenizer` drops the first two from its terms).
    private static func joinsEmoji(_ value: UInt32) -> Bool {
        value == 0xFE0F || value == 0x200D || (0x1F3FB...0x1F3FF).contains(value)
    }
}
