import Testing

@testable import TranscriptSupport

@Suite struct StringJoiningTests {
    @Test func joinsTheTextsInOrder() {
        #expect(String.joining("3 May 2024, ", "09:30", "") == "3 May 2024, 09:30")
        #expect(String.joining("", "", "") == "")
        #expect(String.joining("a", "") == "a")
        #expect(String.joining("", "b", "c") == "bc")
    }

    @Test func keepsTextBeyondASCIIAndLongTexts() {
        let long = String(repeating: "ü", count: 5_000)
        #expect(String.joining("2024年5月3日 ", "9:30", " 🕓") == "2024年5月3日 9:30 🕓")
        let joined = String.joining(long, "e\u{301}", long)
        #expect(joined == long + "e\u{301}" + long)
        #expect(joined.utf8.count == 20_003)
    }
}
