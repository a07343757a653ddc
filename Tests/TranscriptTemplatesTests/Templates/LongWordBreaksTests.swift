import Testing

@testable import TranscriptTemplates

@Suite struct LongWordBreaksInPagesTests {
    @Test func aPageBreaksTheLongWordsOfItsTextOnly() {
        let word = String(repeating: "A", count: 300)
        let page = """
            <!DOCTYPE html><html><head><title>\(word)</title><style>.x{content:"\(word)"}</style>\
            <script src="a.js" data-x="\(word)"></script></head><body><h1 title="\(word)">\(word)</h1>\
            <textarea>\(word)</textarea><p>\(word)</p></body></html>
            """
        let broken = LongWordBreaks.insert(in: page)
        let cut = String(repeating: "A", count: 128) + "<wbr />" + String(repeating: "A", count: 128) + "<wbr />" + String(repeating: "A", count: 44)
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
