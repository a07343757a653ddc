import Testing

@testable import TranscriptTemplates
@testable import TranscriptText

/// The breaks in a message's HTML as cmark and `PlainTextHTML` write it (the rows of a page get them so).
@Suite struct LongWordBreaksTests {
    let renderer = CommonMarkRenderer()

    func html(_ source: String, _ format: TextFormat) -> String {
        LongWordBreaks.insert(in: renderer.render(source, format: format).html)
    }

    @Test func wordsUpToTheThresholdAreLeftAsTheyAre() {
        let word = String(repeating: "A", count: 256)
        #expect(html(word, .plain) == "<p>\(word)</p>\n")
        #expect(html("a few words", .markdown) == "<p>a few words</p>\n")
    }

    @Test func aLongerWordBreaksEvery128CodePoints() {
        let html = self.html(String(repeating: "A", count: 300), .plain)
        let a = { (count: Int) in String(repeating: "A", count: count) }
        #expect(html == "<p>\(a(128))<wbr />\(a(128))<wbr />\(a(44))</p>\n")
        // The text stays the text: search and snippets read the plain text, which has no breaks.
        #expect(renderer.render(String(repeating: "A", count: 300), format: .plain).plainText == a(300))
    }

    @Test func breaksFallBetweenGraphemeClustersOnly() {
        // Two code points a cluster: 64 clusters a part.
        let cluster = "e\u{301}"
        let html = self.html(String(repeating: cluster, count: 200), .plain)
        let part = String(repeating: cluster, count: 64)
        #expect(html == "<p>" + [part, part, part, String(repeating: cluster, count: 8)].joined(separator: "<wbr />") + "</p>\n")
        // A cluster that does not fit its part starts the next: 42 of three code points, then the rest.
        let three = "e\u{301}\u{302}"
        let parts = self.html(String(repeating: three, count: 100), .plain)
        #expect(parts == "<p>" + [String(repeating: three, count: 42), String(repeating: three, count: 42), String(repeating: three, count: 16)].joined(separator: "<wbr />") + "</p>\n")
    }

    @Test func charactersReferencesAndTagsAreNeverCut() {
        let html = self.html(String(repeating: "&", count: 200), .plain)
        #expect(!html.contains("&<wbr />") && !html.contains("&amp<wbr />") && html.contains("<wbr />"))
        #expect(html.replacingOccurrences(of: "<wbr />", with: "") == "<p>" + String(repeating: "&amp;", count: 200) + "</p>\n")
        // A link's address keeps every byte; its text gets the breaks.
        let url = "https://example.com/" + String(repeating: "x", count: 400)
        let link = self.html(url, .plain)
        #expect(link.hasPrefix("<p><a href=\"\(url)\">"))
        #expect(link.replacingOccurrences(of: "<wbr />", with: "") == "<p><a href=\"\(url)\">\(url)</a></p>\n")
        #expect(link.components(separatedBy: "<wbr />").count == 4)
    }
}
