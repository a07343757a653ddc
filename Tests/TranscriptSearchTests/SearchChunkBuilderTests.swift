import Testing
import TranscriptTestSupport

@testable import TranscriptModel
@testable import TranscriptSearch

@Suite struct SearchChunkBuilderTests {
    /// Texts with repeated words, long words, apostrophes, scripts folded and written without spaces, emoji.
    static let texts: [String?] = [
        "Hello hello HELLO world", "don't stop: it's 5 o'clock", String(repeating: "x", count: 60) + " short",
        "Привет, как дела? привет!", "東京都に行きます 東京", "Café CAFE ｃａｆé Straße", "👍🏽 great 👍", nil, "",
        "it'5 l'été", "word " + String(repeating: "long", count: 30),
    ]

    static func message(_ number: Int) throws -> Message {
        try TestSupport.message(#"{"id": "\#(number)", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "x"}"#)
    }

    @Test func givesWhatExtractingEachMessageGives() throws {
        let extractor = SearchExtractor()
        var builder = SearchChunkBuilder(extractor: extractor, offset: 7, expected: 4)
        var extracted: [(document: SearchDocument, postings: [SearchExtractor.Posting])] = []
        for (number, text) in Self.texts.enumerated() {
            let message = try Self.message(number)
            builder.add(message, plainText: text, textHasLink: number == 1, senderName: "Ann", page: "2024-05", anchor: "m-\(number)")
            extracted.append(
                extractor.extract(message, plainText: text, textHasLink: number == 1, senderName: "Ann", page: "2024-05", anchor: "m-\(number)"))
        }
        let chunk = builder.chunk()
        let expected = SearchConversationPart.Chunk(offset: 7, extracted)
        #expect(chunk.offset == 7)
        #expect(chunk.documents == expected.documents)
        #expect(chunk.postings == expected.postings)
        #expect(chunk.postings["hello"] == [UInt32(7) << 2 | 3])
        #expect(chunk.postings["привет"]?.count == 1)
        #expect(chunk.postings[String(repeating: "x", count: SearchTokenizer.maximumLength)] != nil)
    }

    /// The split chunk (for postings joined in shards) is the chunk: the same documents, and each term's postings
    /// in the shard of its bytes, as splitting the chunk's postings puts them.
    @Test func aSplitChunkIsTheChunkSplitByTerm() throws {
        var builder = SearchChunkBuilder(extractor: SearchExtractor(), offset: 3)
        for round in 0..<3 {
            for (number, text) in Self.texts.enumerated() {
                builder.add(
                    try Self.message(round * 100 + number), plainText: text, textHasLink: false, senderName: "Ann",
                    page: "2024-05", anchor: "m-\(number)")
            }
        }
        let chunk = builder.chunk()
        let (bare, split) = builder.splitChunk()
        #expect(bare.offset == 3)
        #expect(bare.documents == chunk.documents)
        #expect(bare.postings.isEmpty)
        let expected = SearchPostingShards.split(chunk.postings)
        #expect(split.shards.count == SearchPostingShards.count)
        for (shard, run) in split.shards.enumerated() {
            #expect(run.terms.allSatisfy { SearchPostingShards.shard(of: $0) == shard })
            let lists = Dictionary(uniqueKeysWithValues: run.terms.indices.map { (run.terms[$0], Array(run.list(at: $0))) })
            let expectedRun = expected.shards[shard]
            #expect(lists == Dictionary(uniqueKeysWithValues: expectedRun.terms.indices.map {
                (expectedRun.terms[$0], Array(expectedRun.list(at: $0)))
            }))
        }
        #expect(split.shards.reduce(0) { $0 + $1.terms.count } == chunk.postings.count)
        #expect(chunk.postings["hello"] == [3 << 2 | 3, 14 << 2 | 3, 25 << 2 | 3])
    }

    @Test func numbersTermsByTheirBytesAsTheTableGrows() {
        var table = SearchTermTable(capacity: 4)
        // Short terms, terms of every length up to 40 bytes (read eight at a time), long ones alike up to their end.
        let words = (0..<5000).map { "w\($0)" } + ["", "é", "e\u{301}"] + (1...40).map { String(repeating: "x", count: $0) }
            + (0..<500).map { "a-term-longer-than-sixteen-\($0)" } + (0..<500).map { "\($0)-a-term-longer-than-sixteen" }
        for (number, word) in words.enumerated() {
            var word = word
            #expect(word.withUTF8 { table.number(of: $0) } == number)
        }
        for (number, word) in words.enumerated().reversed() {
            var word = word
            #expect(word.withUTF8 { table.number(of: $0) } == number)
            #expect(table.term(number) == word)
        }
        #expect(table.count == words.count)
    }
}
