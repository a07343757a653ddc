import Testing

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
        for text in ["e\u{301}", "👍🏽", "❤️", "👨‍💻", "🇯🇵", "\u{AD}", "한국어"] {
            #expect(!folding.fold(text, into: &folded), "\(text)")
        }
        #expect(folding.fold("Ärger Привет 東京 ｃａｆé ✅", into: &folded))
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
}
