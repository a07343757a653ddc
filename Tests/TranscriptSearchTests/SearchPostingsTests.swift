import Testing

@testable import TranscriptSearch

@Suite struct SearchPostingsTests {
    static let lists: [String: [UInt32]] = [
        "zebra": [4, 9], "apple": [1], "éclair": [2, 3, 12], "Zed": [7], "東京": [8 << 2 | 3], "a": [0, 1, 2, 3, 4, 5],
    ]

    @Test func keepsEveryListInTheOrderOfTheTermsBytes() {
        let postings = SearchPostings(Self.lists)
        #expect(postings.terms == ["Zed", "a", "apple", "zebra", "éclair", "東京"])
        #expect(postings.count == 6)
        for (number, term) in postings.terms.enumerated() {
            #expect(Array(postings.list(at: number)) == Self.lists[term])
            #expect(postings[term].map(Array.init) == Self.lists[term])
        }
        #expect(postings["missing"] == nil)
        #expect(postings.dictionary == Self.lists)
    }

    /// A list is kept as differences in 7-bit groups: a byte for a small step, five for the largest; a step
    /// back (which a part decoded from another build might hold) wraps and reads back exactly.
    @Test func keepsListsAsBytesThatReadBackExactly() {
        let lists: [String: [UInt32]] = [
            "near": [0, 1, 2, 100, 227], "far": [1 << 7, 1 << 14, 1 << 21, 1 << 28, UInt32.max], "back": [9, 3, 3, 0], "one": [0],
        ]
        let postings = SearchPostings(lists)
        #expect(postings.dictionary == lists)
        #expect(postings["near"]?.bytes.count == 5)
        #expect(postings["far"]?.bytes.count == 16)
        #expect(postings["one"].map { Array($0) } == [0])
        #expect(postings["back"]?.count == 4)
        #expect(PostingList().isEmpty && Array(PostingList()).isEmpty)
    }

    /// Terms compared a run of bytes at a time are ordered as their UTF-8 bytes compare one by one: short and
    /// long strings, prefixes, bytes above 0x7F, bridged text.
    @Test func ordersTermsAsTheirBytesCompare() {
        var words = ["", "a", "ab", "abc", "b", "ä", "é", "e\u{301}", "東京", "東", "zebra", "Zed", "a\u{0}b",
                     String(repeating: "x", count: 15), String(repeating: "x", count: 16), String(repeating: "x", count: 40) + "y",
                     String(repeating: "x", count: 40) + "z", "👍🏽", "👍"]
        words += words.map { $0 + "é" }
        for a in words {
            for b in words {
                #expect(SearchPostings.precedes(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) \(b)")
            }
        }
    }

    @Test func comparesByTermsAndLists() {
        let postings = SearchPostings(Self.lists)
        #expect(postings == SearchPostings(Self.lists))
        var changed = Self.lists
        changed["apple"] = [2]
        #expect(postings != SearchPostings(changed))
        changed = Self.lists
        changed["apricot"] = [1]
        #expect(postings != SearchPostings(changed))
        #expect(SearchPostings([:]) == SearchPostings())
        #expect(SearchPostings().isEmpty)
    }

    /// A part made of several runs, as a rendering makes it, holds each term's postings of all runs in order.
    @Test func aPartJoinsTheRunsOfItsChunks() {
        func document(_ number: Int) -> SearchDocument {
            SearchDocument(seconds: Int64(number), page: "p", anchor: "m-\(number)", kinds: [], text: "t\(number)")
        }
        var chunks = [
            SearchConversationPart.Chunk(offset: 0, documents: SearchDocumentList([document(0), document(1)]), postings: ["a": [0, 4], "b": [1]]),
            SearchConversationPart.Chunk(offset: 2, documents: SearchDocumentList([document(2)]), postings: ["a": [8 | 2], "c": [9]]),
        ]
        var part = SearchConversationPart(title: "t", url: "c/t/")
        part.assemble(count: 3, chunks: &chunks, taken: nil)
        #expect(chunks.isEmpty)
        #expect(part.postings.dictionary == ["a": [0, 4, 10], "b": [1], "c": [9]])
        #expect(Array(part.documents) == [document(0), document(1), document(2)])

        // Message 1 rendered again; messages 0 and 2 taken over with their postings.
        var again = [SearchConversationPart.Chunk(offset: 1, documents: SearchDocumentList([document(7)]), postings: ["a": [4 | 1], "d": [5]])]
        var next = SearchConversationPart(title: "t", url: "c/t/")
        next.assemble(
            count: 3, chunks: &again,
            taken: .init(previous: part.documents, isTaken: [true, false, true], postings: ["a": [0, 10], "c": [9]]))
        #expect(next.postings.dictionary == ["a": [0, 5, 10], "c": [9], "d": [5]])
        #expect(Array(next.documents) == [document(0), document(7), document(2)])
    }
}
