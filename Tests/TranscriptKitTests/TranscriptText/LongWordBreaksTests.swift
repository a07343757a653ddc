import Testing

@testable import TranscriptText

@Suite struct LongWordBreaksTests {
    let renderer = CommonMarkRenderer()

    @Test func wordsUpToTheThresholdAreLeftAsTheyAre() {
        let word = String(repeating: "A", count: 256)
        #expect(renderer.render(word, format: .plain).html == "<p>\(word)</p>\n")
        #expect(renderer.render("a few words", format: .markdown).html == "<p>a few words</p>\n")
    }

    @Test func aLongerWordBreaksEveryHundredAndTwentyEightCharacters() {
        let html = renderer.render(String(repeating: "A", count: 300), format: .plain).html
        let a = { (count: Int) in String(repeating: "A", count: count) }
        #expect(html == "<p>\(a(128))<wbr />\(a(128))<wbr />\(a(44))</p>\n")
        // The text stays the text: search and snippets read the plain text, which has no breaks.
        #expect(renderer.render(String(repeating: "A", count: 300), format: .plain).plainText == a(300))
    }

    @Test func breaksFallBetweenGraphemeClustersOnly() {
        let cluster = "e\u{301}"
        let html = renderer.render(String(repeating: cluster, count: 200), format: .plain).html
        #expect(html == "<p>" + String(repeating: cluster, count: 128) + "<wbr />" + String(repeating: cluster, count: 72) + "</p>\n")
    }

    @Test func charactersReferencesAndTagsAreNeverCut() {
        let html = renderer.render(String(repeating: "&", count: 200), format: .plain).html
        #expect(!html.contains("&<wbr />") && !html.contains("&amp<wbr />") && html.contains("<wbr />"))
        #expect(html.replacingOccurrences(of: "<wbr />", with: "") == "<p>" + String(repeating: "&amp;", count: 200) + "</p>\n")
        // A link's address keeps every byte; its text gets the breaks.
        let url = "https://example.com/" + String(repeating: "x", count: 400)
        let link = renderer.render(url, format: .plain).html
        #expect(link.hasPrefix("<p><a href=\"\(url)\">"))
        #expect(link.replacingOccurrences(of: "<wbr />", with: "") == "<p><a href=\"\(url)\">\(url)</a></p>\n")
        #expect(link.components(separatedBy: "<wbr />").count == 4)
    }
}
