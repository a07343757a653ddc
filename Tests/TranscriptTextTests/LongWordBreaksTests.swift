import Testing

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

    @Test func aLongerWordBreaksEverySixtyFourCharacters() {
        let html = self.html(String(repeating: "A", count: 300), .plain)
        let a = { (count: Int) in String(repeating: "A", count: count) }
        #expect(html == "<p>" + Array(repeating: a(64), count: 4).joined(separator: "<wbr />") + "<wbr />\(a(44))</p>\n")
        // The text stays the text: search and snippets read the plain text, which has no breaks.
        #expect(renderer.render(String(repeating: "A", count: 300), format: .plain).plainText == a(300))
    }

    @Test func breaksFallBetweenGraphemeClustersOnly() {
        let cluster = "e\u{301}"
        let html = self.html(String(repeating: cluster, count: 200), .plain)
        let part = String(repeating: cluster, count: 64)
        #expect(html == "<p>" + [part, part, part, String(repeating: cluster, count: 8)].joined(separator: "<wbr />") + "</p>\n")
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
        #expect(link.components(separatedBy: "<wbr />").count == 7)
    }
}

@Suite struct LongWordBreaksInPagesTests {
    @Test func aPageBreaksTheLongWordsOfItsTextOnly() {
        let word = String(repeating: "A", count: 300)
        let page = """
            <!DOCTYPE html><html><head><title>\(word)</title><style>.x{content:"\(word)"}</style>\
            <script src="a.js" data-x="\(word)"></script></head><body><h1 title="\(word)">\(word)</h1>\
            <textarea>\(word)</textarea><p>\(word)</p></body></html>
            """
        let broken = LongWordBreaks.insert(in: page)
        let cut = Array(repeating: String(repeating: "A", count: 64), count: 4).joined(separator: "<wbr />") + "<wbr />" + String(repeating: "A", count: 44)
        #expect(broken == page
            .replacingOccurrences(of: "\">\(word)</h1>", with: "\">\(cut)</h1>")
            .replacingOccurrences(of: "<p>\(word)</p>", with: "<p>\(cut)</p>"))
        #expect(LongWordBreaks.insert(in: "<TITLE>\(word)</Title><P>x</P>") == "<TITLE>\(word)</Title><P>x</P>")
    }

    @Test func aPageWithoutLongWordsIsTheSameString() {
        let page = "<p>" + String(repeating: "word ", count: 1000) + "</p><a href=\"https://example.com/" + String(repeating: "x", count: 500) + "\">short</a>"
        #expect(LongWordBreaks.insert(in: page) == page)
    }
}
