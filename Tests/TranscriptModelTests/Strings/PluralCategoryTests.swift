import Testing

@testable import TranscriptModel

@Suite struct PluralCategoryTests {
    /// The category of each number from 0 to 12 and a few larger ones, per language: CLDR's integer rules.
    func categories(_ language: String, _ numbers: [Int]) -> [String] {
        numbers.map { PluralCategory.of($0, language: language).rawValue }
    }

    @Test func oneAndOtherForEnglishGermanItalianAndSpanish() {
        for language in ["en", "de", "it", "es", "en-GB", "de_AT"] {
            #expect(categories(language, [0, 1, 2, 5, 21, 101]) == ["other", "one", "other", "other", "other", "other"], "\(language)")
        }
    }

    @Test func frenchAndPortugueseCountZeroAsOne() {
        #expect(categories("fr", [0, 1, 2, 1_000_000, 2_000_000, 1_000_001]) == ["one", "one", "other", "many", "many", "other"])
        #expect(categories("pt", [0, 1, 2, 10]) == ["one", "one", "other", "other"])
        #expect(categories("pt-PT", [0, 1, 2]) == ["other", "one", "other"])
        #expect(categories("es", [0, 1, 2, 1_000_000]) == ["other", "one", "other", "many"])
    }

    @Test func arabicHasSixCategories() {
        #expect(categories("ar", [0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111, 1000]) == [
            "zero", "one", "two", "few", "few", "many", "many", "other", "other", "other", "few", "many", "other",
        ])
        #expect(PluralCategory.categories(of: "ar") == [.zero, .one, .two, .few, .many, .other])
    }

    @Test func japaneseAndChineseHaveOnlyOther() {
        #expect(categories("ja", [0, 1, 2, 100]) == ["other", "other", "other", "other"])
        #expect(PluralCategory.categories(of: "ja") == [.other])
        #expect(PluralCategory.categories(of: "zh") == [.other])
    }

    @Test func slavicLanguagesUseFewAndMany() {
        #expect(categories("ru", [1, 2, 5, 11, 21, 22, 25, 111]) == ["one", "few", "many", "many", "one", "few", "many", "many"])
        #expect(categories("pl", [1, 2, 5, 12, 22, 21]) == ["one", "few", "many", "many", "few", "many"])
    }

    @Test func persianHindiAndBengaliCountZeroAsOne() {
        for language in ["fa", "hi", "bn", "fa-IR"] {
            #expect(categories(language, [0, 1, 2, 5]) == ["one", "one", "other", "other"], "\(language)")
            #expect(PluralCategory.categories(of: language) == [.one, .other])
        }
    }

    @Test func southSlavicRomanianAndLithuanianHaveTheirOwnForms() {
        for language in ["hr", "sr", "sr-Latn", "bs"] {
            #expect(categories(language, [1, 2, 5, 11, 21, 22, 25, 112]) == ["one", "few", "other", "other", "one", "few", "other", "other"], "\(language)")
        }
        #expect(categories("ro", [0, 1, 2, 19, 20, 101, 102, 120]) == ["few", "one", "few", "few", "other", "other", "few", "other"])
        #expect(categories("lt", [1, 2, 9, 10, 11, 21, 22, 30]) == ["one", "few", "few", "other", "other", "one", "few", "other"])
        #expect(categories("sl", [1, 2, 3, 4, 5, 101, 102, 103, 105]) == ["one", "two", "few", "few", "other", "one", "two", "few", "other"])
        #expect(PluralCategory.categories(of: "sl") == [.one, .two, .few, .other])
    }

    @Test func languagesWithoutRulesUseOneAndOther() {
        #expect(categories("nl", [0, 1, 2]) == ["other", "one", "other"])
        #expect(categories("xx", [0, 1, 2]) == ["other", "one", "other"])
        #expect(PluralCategory.categories(of: "xx") == [.one, .other])
        #expect(PluralCategory.categories(of: "en") == [.one, .other])
        #expect(PluralCategory.categories(of: "fr") == [.one, .many, .other])
    }
}
