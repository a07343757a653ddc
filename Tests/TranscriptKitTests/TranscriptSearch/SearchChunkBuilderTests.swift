import Testing

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

    @Test func numbersTermsByTheirBytesAsTheTableGrows() {
        var table = SearchTermTable(capacity: 4)
        let words = (0..<5000).map { "w\($0)" } + ["", "é", "e\u{301}"]
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
