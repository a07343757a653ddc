import Testing

@testable import TranscriptSearch
@testable import TranscriptSite

@Suite struct SearchPartArchiveTests {
    @Test func aPartComesBackAsItWas() throws {
        var part = SearchConversationPart(title: "Family «chat»", url: "c/family/")
        part.append(SearchConversationPart.Chunk(offset: 0, [
            (SearchDocument(seconds: 1_714_728_600, sender: "Ann", page: "2024-05", anchor: "m-1", kinds: [.photo, .link], text: "Hi 👋", isCut: false),
             [SearchExtractor.Posting(term: "hi", weight: 1)]),
            (SearchDocument(seconds: -5, sender: nil, page: "2024-05-2", anchor: "m-2", kinds: [], text: String(repeating: "x", count: 240), isCut: true),
             [SearchExtractor.Posting(term: "hi", weight: 3), SearchExtractor.Posting(term: "xx", weight: 0)]),
        ]))
        part.pages = [("2024-05", 0), ("2024-05-2", 1)]
        let decoded = try SearchPartArchive.decode(SearchPartArchive.encode(part))
        #expect(decoded.title == part.title && decoded.url == part.url)
        #expect(decoded.documents == part.documents)
        #expect(decoded.postings == part.postings)
        #expect(decoded.pages.map(\.file) == part.pages.map(\.file) && decoded.pages.map(\.first) == part.pages.map(\.first))
    }

    @Test func brokenBytesAreAnError() {
        let bytes = SearchPartArchive.encode(SearchConversationPart(title: "t", url: "c/t/"))
        #expect(throws: (any Error).self) { try SearchPartArchive.decode(Array(bytes.dropLast())) }
        #expect(throws: (any Error).self) { try SearchPartArchive.decode(bytes + [0]) }
        #expect(throws: (any Error).self) { try SearchPartArchive.decode([]) }
    }
}
