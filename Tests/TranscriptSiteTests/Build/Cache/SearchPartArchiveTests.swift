import Foundation
import Testing
import TranscriptTestSupport

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

    /// A part of a few megabytes, written to a file a piece at a time, with its texts moved out of memory first.
    @Test func aBigPartIsWrittenToAFileAPieceAtATime() throws {
        let folder = try TestSupport.temporaryFolder()
        var part = SearchConversationPart(title: "Big", url: "c/big/")
        part.append(SearchConversationPart.Chunk(offset: 0, (0..<20_000).map { number in
            (SearchDocument(
                seconds: Int64(number), sender: "Ann", page: "2024-05", anchor: "m-\(number)", kinds: [],
                text: "message \(number) " + String(repeating: "words ", count: number % 40), isCut: false),
             [SearchExtractor.Posting(term: "message", weight: 1), SearchExtractor.Posting(term: "n\(number % 97)", weight: 0)])
        }))
        try part.documents.spillTexts(to: folder.path)
        let file = folder.appendingPathComponent("part.search")
        let size = try SearchPartArchive.write(part, to: file)
        let written = try Data(contentsOf: file)
        #expect(size == written.count && size > 2 << 20)
        #expect([UInt8](written) == SearchPartArchive.encode(part))
        let decoded = try SearchPartArchive.decode([UInt8](written))
        #expect(decoded.documents == part.documents && decoded.postings == part.postings)
        part.documents.releaseSpilledPages()
        #expect(part.documents[19_999].text.hasPrefix("message 19999 words"))
    }

    @Test func brokenBytesAreAnError() {
        let bytes = SearchPartArchive.encode(SearchConversationPart(title: "t", url: "c/t/"))
        #expect(throws: (any Error).self) { try SearchPartArchive.decode(Array(bytes.dropLast())) }
        #expect(throws: (any Error).self) { try SearchPartArchive.decode(bytes + [0]) }
        #expect(throws: (any Error).self) { try SearchPartArchive.decode([]) }
    }
}
