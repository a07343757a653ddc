import Testing

@testable import TranscriptSearch

@Suite struct SearchTokenizerTests {
    let tokenizer = SearchTokenizer()

    @Test func asciiWordsAreLowercasedAndSplitOnEverythingElse() {
        #expect(tokenizer.terms("Hello, World! It's 2024-05-03: don't   PANIC") == ["hello", "world", "its", "2024", "05", "03", "dont", "panic"])
        #expect(tokenizer.terms("trailing' 'quote") == ["trailing", "quote"])
        #expect(tokenizer.terms("") == [])
        #expect(tokenizer.terms(String(repeating: "a", count: 60)) == [String(repeating: "a", count: 40)])
    }

    @Test func caseDiacriticsAndWidthDoNotMatter() {
        #expect(tokenizer.terms("Café CAFE café ｃａｆé") == ["cafe", "cafe", "cafe", "cafe"])
        #expect(tokenizer.terms("Straße Ärger naïve ﬁne") == ["strasse", "arger", "naive", "fine"])
        #expect(tokenizer.terms("Привет, Ёлка!") == ["привет", "елка"])
        #expect(tokenizer.terms("Ann’s φίλος") == ["anns", "φιλοσ"])  // final sigma folds to σ, as a query's ς does
    }

    @Test func unspacedScriptsBecomePairsOfCharacters() {
        #expect(tokenizer.terms("東京都") == ["東京", "京都"])
        #expect(tokenizer.terms("猫 and 犬") == ["猫", "and", "犬"])
        #expect(tokenizer.terms("東京でTokyo") == ["東京", "京で", "tokyo"])
        #expect(tokenizer.terms("ภาษาไทย").count == 6)
    }

    @Test func emojiAreTermsOfTheirOwn() {
        #expect(tokenizer.terms("ok👍🏽great 🎉🎉") == ["ok", "👍", "great", "🎉", "🎉"])
        #expect(tokenizer.terms("#1 *2 ©") == ["1", "2"])
        #expect(tokenizer.terms("I ❤️ it") == ["i", "❤", "it"])
    }

    /// A word of characters of two to four bytes is cut at `maximumLength` characters, not bytes; a text with a
    /// character the table does not cover (Hangul) is folded whole, with the same rules.
    @Test func longWordsAndTextsFoldedWhole() {
        #expect(tokenizer.terms("x " + String(repeating: "Жé", count: 30) + " y") == ["x", String(repeating: "жe", count: 20), "y"])
        #expect(tokenizer.terms(String(repeating: "Ä", count: 45)) == [String(repeating: "a", count: 40)])
        #expect(tokenizer.terms("Ärger d’Été e\u{301}te 東京") == ["arger", "dete", "ete", "東京"])
        #expect(tokenizer.terms("東京 漢") == ["東京", "漢"])
    }
}
