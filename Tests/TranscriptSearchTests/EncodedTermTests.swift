import Testing

@testable import TranscriptSearch

@Suite struct EncodedTermTests {
    /// Postings of documents 0, 1, 2, … each with weight 3.
    func postings(_ count: Int) -> [UInt32] { (0..<UInt32(count)).map { $0 << 2 | 3 } }

    @Test func aShortListIsInline() {
        let term = SearchIndexBuilder.EncodedTerm(term: "rare", postings: postings(5), weighted: true)
        #expect(term.inline.map(PostingCoder.decode) == [3, 7, 11, 15, 19])
        #expect(term.blocks.isEmpty && term.tail == nil)
        // Gaps 3, 4, 4, 4, 4 as base-45 digits from "$".
        #expect(SearchIndexFormat.entry(term, blockNumbers: []) == #"["rare",5,"'(((("]"#)
    }

    @Test func aLongListKeepsItsNewestPostingsInItsEntryAndTheRestInBlocksOldestFirst() throws {
        let term = SearchIndexBuilder.EncodedTerm(term: "the", postings: postings(20_000), weighted: true)
        #expect(term.inline == nil)
        #expect(term.blocks.map(\.count) == [8192, 8192, 20_000 - 256 - 2 * 8192])
        #expect(term.blocks.map(\.first) == [0, 8192, 16_384])
        #expect(term.blocks.map(\.last) == [8191, 16_383, 19_743])
        #expect(PostingCoder.decode(term.blocks[2].text).map { $0 >> 2 } == Array(16_384..<19_744))
        #expect(PostingCoder.decode(try #require(term.tail)).map { $0 >> 2 } == Array(19_744..<20_000))
        let entry = SearchIndexFormat.entry(term, blockNumbers: [4, 5, 6])
        #expect(entry.hasPrefix(#"["the",20000,[[4,0,8191,8192],[5,8192,16383,8192],[6,16384,19743,3360]],""#))
        #expect(entry.hasSuffix(#""]"#))
    }

    @Test func atMostATailOfPostingsIsInlineHoweverLongItsText() {
        // Filters' plain numbers far apart: long digits, yet 256 of them stay in the entry.
        let spread = (0..<256).map { UInt32($0) * 1_000_000 }
        let term = SearchIndexBuilder.EncodedTerm(term: "~c0", postings: spread, weighted: false)
        #expect(term.inline.map { $0.utf8.count > SearchIndexBuilder.inlineLimit } == true)
        #expect(term.blocks.isEmpty)
    }
}
