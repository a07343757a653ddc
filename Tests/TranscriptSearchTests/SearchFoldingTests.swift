import Testing
import TranscriptTestSupport

@testable import TranscriptSearch

@Suite struct SearchFoldingTests {
    let folding = SearchFolding.shared

    /// Every character the table covers.
    static let covered: [Unicode.Scalar] = SearchFolding.blocks.flatMap { block in
        block.compactMap { Unicode.Scalar($0) }.filter(SearchFolding.standsAlone)
    }

    @Test func eachCoveredCharacterFoldsAsFoundationFoldsItAlone() {
        var mismatches: [String] = []
        for scalar in Self.covered {
            var folded: [Unicode.Scalar] = []
            #expect(folding.fold(String(Character(scalar)), into: &folded))
            let expected = Array(SearchFolding.fold(String(Character(scalar))).unicodeScalars)
            if folded != expected { mismatches.append(String(scalar.value, radix: 16)) }
        }
        #expect(mismatches.isEmpty)
        #expect(Self.covered.count > 25_000)
    }

    @Test func rolesAreThoseOfTheUnicodeProperties() {
        let scalars = SearchFolding.blocks.flatMap { $0.compactMap { Unicode.Scalar($0) } } + (0..<0x80).compactMap { Unicode.Scalar($0) }
        for scalar in scalars where folding.role(of: scalar) != SearchScalarRole(of: scalar) {
            Issue.record("U+\(String(scalar.value, radix: 16)) has the wrong role")
        }
        #expect(folding.role(of: "\u{2019}") == .apostrophe && folding.role(of: "é") == .word && folding.role(of: "東") == .unspaced)
        #expect(folding.role(of: "🎉") == .emoji && folding.role(of: "\u{301}") == .mark && folding.role(of: "、") == .separator)
    }

    @Test func marksJoinersAndSkinTonesAreNotCovered() {
        var folded: [Unicode.Scalar] = []
        for text in ["e\u{301}", "e\u{FE0F}", "a\u{200D}b", "👍\u{200D}a", "👍\u{200D}", "\u{FE0F}", "🏽", "\u{AD}", "한국어", "#\u{FE0F}\u{20E3}"] {
            #expect(!folding.fold(text, into: &folded), "\(text)")
        }
        #expect(folding.fold("Ärger Привет 東京 ｃａｆé ✅", into: &folded))
        // What joins a pictograph into one emoji, right after it, stays as it is.
        for text in ["👍🏽", "❤️", "👨‍💻", "🏳️‍🌈", "x 👩🏽‍🚀 y", "🇯🇵 🇵🇹🇩🇪 a🇫"] {
            folded = []
            #expect(folding.fold(text, into: &folded), "\(text)")
            #expect(folded == Array(SearchFolding.fold(text).unicodeScalars), "\(text)")
        }
    }

    /// Emoji sequences (skin tones, variation selectors, joiners, flags) among letters and other characters,
    /// at random: the terms are those of folding the text whole.
    @Test func emojiSequencesGiveTheTermsOfFoldingThemWhole() {
        let tokenizer = SearchTokenizer()
        let pieces: [String] = [
            "a", "É", "ß", " ", ".", "東", "😀", "❤", "☕", "👍", "👨", "💻", "🌈", "🏳", "\u{FE0F}", "\u{200D}", "🏽", "🏻",
            "🇵", "🇹", "🇩🇪", "e\u{301}", "#", "\u{20E3}", "’",
        ]
        var generator = SeededGenerator(seed: 11)
        var mismatches: [String] = []
        var folded = 0
        for round in 0..<20_000 {
            var string = ""
            for _ in 0..<Int(generator.next() % 10) { string += pieces[Int(generator.next() % UInt64(pieces.count))] }
            var scalars: [Unicode.Scalar] = []
            if self.folding.fold(string, into: &scalars) { folded += 1 }
            if tokenizer.terms(string) != tokenizer.termsFoldedWhole(string), mismatches.count < 5 {
                mismatches.append("\(round): \(string.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(folded > 2_000)
    }

    /// Texts of covered characters and ASCII, mixed at random: folding them character by character gives the
    /// terms that folding them whole gives.
    @Test func textsOfCoveredCharactersGiveTheTermsOfFoldingThemWhole() {
        let tokenizer = SearchTokenizer()
        let ascii = Array("aZ9 '.,-\n".unicodeScalars)
        let common = Array("ÄäÖößÉéèçñŁłŒœΣσςάΐЁёЙйПривет’“”—…€№ﬁאבשالعربيةأ٣、。「」あいカタ東京都ｃＡ１！😀🎉✅☕⚠".unicodeScalars)
        var generator = SeededGenerator(seed: 7)
        var mismatches: [String] = []
        for round in 0..<3000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 24) {
                let pick = generator.next()
                switch pick % 3 {
                case 0: text.append(ascii[Int(pick / 3 % UInt64(ascii.count))])
                case 1: text.append(common[Int(pick / 3 % UInt64(common.count))])
                default: text.append(Self.covered[Int(pick / 3 % UInt64(Self.covered.count))])
                }
            }
            let string = String(text)
            if tokenizer.terms(string) != tokenizer.termsFoldedWhole(string), mismatches.count < 5 {
                mismatches.append("\(round): \(string.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        #expect(mismatches.isEmpty)
    }

    /// Mostly ASCII with an apostrophe before letters and digits, and a character that is not ASCII somewhere (the
    /// ASCII before it, up to a separator, is read as ASCII): the terms of folding the text whole.
    @Test func asciiBeforeOtherCharactersGivesTheTermsOfFoldingTheTextWhole() {
        let tokenizer = SearchTokenizer()
        let ascii = ["word", "Don", "'", "'s", "t", "9", "a'1", " ", " ", ".", "-", "\n", "''", "x'", "A" + String(repeating: "b", count: 45)]
        let other = ["😎", "é", "e\u{301}", "東京", "Привет", "👍🏽", "’", "\u{200D}", "\u{301}", "ﬁ", "ｃ", "🇵🇹"]
        var generator = SeededGenerator(seed: 17)
        var mismatches: [String] = []
        for round in 0..<6000 {
            var pieces = (0..<Int(generator.next() % 14)).map { _ in ascii[Int(generator.next() % UInt64(ascii.count))] }
            for _ in 0..<(1 + Int(generator.next() % 2)) {
                pieces.insert(other[Int(generator.next() % UInt64(other.count))], at: Int(generator.next() % UInt64(pieces.count + 1)))
            }
            let string = pieces.joined()
            if tokenizer.terms(string) != tokenizer.termsFoldedWhole(string), mismatches.count < 5 {
                mismatches.append("\(round): \(string.debugDescription) \(tokenizer.terms(string)) \(tokenizer.termsFoldedWhole(string))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(tokenizer.terms("it's a'1 don't 😎") == ["its", "a", "1", "dont", "😎"])
    }
}
