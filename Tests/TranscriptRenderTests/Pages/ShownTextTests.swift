import Testing

@testable import TranscriptRender

@Suite struct ShownTextTests {
    @Test func aTextUpToTheLimitIsShownWhole() {
        #expect(ShownText.cut("the view") == "the view")
        let exact = String(repeating: "a", count: 200)
        #expect(ShownText.cut(exact) == exact)
        let accented = String(repeating: "e\u{301}", count: 200)  // 600 bytes, 200 characters
        #expect(ShownText.cut(accented) == accented)
    }

    @Test func aLongerTextIsCutBetweenCharacters() {
        #expect(ShownText.cut(String(repeating: "a", count: 201)) == String(repeating: "a", count: 200) + "…")
        #expect(ShownText.cut(String(repeating: "e\u{301}", count: 300)) == String(repeating: "e\u{301}", count: 200) + "…")
    }
}
