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
/// by one: each covered character's folding is Foundation's own, asked when the table was generated on Linux
/// (`SearchFolding+Table.swift`, checked against the toolchain's Foundation by the tests). Regional indicators,
/// and what joins a pictograph into one emoji (a variation selector, a skin tone, a zero-width joiner before
/// another pictograph) right after it, stay as they are, as Foundation leaves them. A text with any other
/// character is folded by Foundation whole.
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
    /// Each character of the blocks: its role, and where its folded form starts and ends in `folded` (-1 when
    /// the character is not covered).
    private let roles: [SearchScalarRole]
    private let foldStarts: [Int32]
    private let foldEnds: [Int32]
    private let folded: [Unicode.Scalar]
    /// The most characters one character folds to (at least 1).
    let longestForm: Int

    /// The table, made on first use from the committed runs and forms (`SearchFolding+Table.swift`).
    static let shared = SearchFolding()

    /// Added to a role's raw value in `roleRuns` for a character the table does not cover.
    static let notCovered: UInt16 = 8

    /// The table of `roleRuns` and `otherForms`, generated from Foundation's folding of each character on its own
    /// and the Unicode properties (`SearchFoldingTableTests` checks them against the toolchain the tests run with):
    /// making it at run time would ask Foundation and the properties of 26,000 characters in every build.
    private init() {
        var positions = [Int32](repeating: -1, count: Int(Self.blocks.last!.upperBound) + 1)
        var values: [UInt32] = []
        for block in Self.blocks {
            for value in block {
                positions[Int(value)] = Int32(values.count)
                values.append(value)
            }
        }
        var roles: [SearchScalarRole] = []
        var foldStarts: [Int32] = []
        var foldEnds: [Int32] = []
        var folded: [Unicode.Scalar] = []
        roles.reserveCapacity(values.count)
        foldStarts.reserveCapacity(values.count)
        foldEnds.reserveCapacity(values.count)
        let runs = Self.roleRuns
        let forms = Self.otherForms
        var nextForm = 0
        var position = 0
        for run in stride(from: 0, to: runs.count, by: 2) {
            let code = runs[run + 1]
            let role = SearchScalarRole(rawValue: UInt8(code & 7))!
            precondition(position + Int(runs[run]) <= values.count, "the folding table has more characters than its blocks")
            for _ in 0..<Int(runs[run]) {
                let value = values[position]
                position += 1
                roles.append(role)
                guard code & Self.notCovered == 0 else {
                    foldStarts.append(-1)
                    foldEnds.append(-1)
                    continue
                }
                foldStarts.append(Int32(folded.count))
                if nextForm < forms.count, forms[nextForm] == value {
                    let length = Int(forms[nextForm + 1])
                    for form in forms[(nextForm + 2)..<(nextForm + 2 + length)] { folded.append(Unicode.Scalar(form)!) }
                    nextForm += 2 + length
                } else {
                    folded.append(Unicode.Scalar(value)!)
                }
                foldEnds.append(Int32(folded.count))
            }
        }
        precondition(position == values.count && nextForm == forms.count, "the folding table does not match its blocks")
        self.positions = positions
        self.roles = roles
        self.foldStarts = foldStarts
        self.foldEnds = foldEnds
        self.folded = folded
        longestForm = zip(foldStarts, foldEnds).reduce(1) { max($0, Int($1.1 - $1.0)) }
    }

    /// How the tokenizer folds text that is not plain ASCII.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
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
