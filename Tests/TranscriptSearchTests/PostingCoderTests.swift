import Testing

@testable import TranscriptSearch

@Suite struct PostingCoderTests {
    @Test func smallGapsTakeOneCharacterAndLargerOnesMore() {
        // 0 → "$" (digit 0), 44 → the 45th character, 45 → a continuing digit 0 then an ending 1.
        #expect(PostingCoder.encode(ascending: [0]) == "$")
        #expect(PostingCoder.encode(ascending: [44]) == "P")
        #expect(PostingCoder.encode(ascending: [45]) == "Q%")
        #expect(PostingCoder.encode(ascending: [3, 4, 10]) == "'%*")
    }

    @Test func theAlphabetHasNinetyCharactersWithoutQuotesOrBackslashes() {
        #expect(PostingCoder.alphabet.count == 90)
        #expect(!PostingCoder.alphabet.contains(UInt8(ascii: "\\")))
        #expect(!PostingCoder.alphabet.contains(UInt8(ascii: "\"")))
        #expect(Set(PostingCoder.alphabet).count == 90)
    }

    @Test func eachDigitsCharacterIsWorkedOutAsTheAlphabetHasIt() {
        #expect((0..<90).map(PostingCoder.character) == PostingCoder.alphabet)
    }

    @Test func listsComeBackAsTheyWent() {
        let lists: [[Int]] = [[], [0], [1, 2, 3], [5, 50, 5_000, 500_000, 50_000_000], Array(stride(from: 7, to: 100_000, by: 97))]
        for list in lists {
            #expect(PostingCoder.decode(PostingCoder.encode(ascending: list)) == list)
        }
    }
}
