import Testing

@testable import TranscriptSite

@Suite struct NameReplacerTests {
    static let replacer = NameReplacer(
        [(["Søren O'Brien", "user41"], "Person 1"), (["Alice Smith", "alice"], "Person 2"), (["Dan Smith"], "Person 3")],
        ambiguous: "[x]")

    @Test(arguments: [
        ("Hallo Søren!", "Hallo Person 1!"),
        ("SØREN O'BRIEN and O'Brien", "Person 1 and Person 1"),
        ("ALICE SMITH, alice, Alice", "Person 2, Person 2, Person 2"),
        ("the Smith family", "the [x] family"),
        ("ask @user41 or user41's friend", "ask @Person 1 or Person 1's friend"),
        ("Alice_Smith xAlice Alices user410", "Alice_Smith xAlice Alices user410"),
        ("nothing to see", "nothing to see"),
    ])
    func namesAreReplacedAsWholeWords(text: String, expected: String) {
        #expect(Self.replacer.replace(in: text).text == expected)
    }

    @Test func theQuickCheckAgreesWithTheWords() {
        for text in ["Hallo Søren!", "ALICE", "x user41", "Smith", "plain text", "naïve Dan"] {
            let slow = NameReplacer.words(of: text).contains { ["søren", "o", "user41", "alice", "smith", "dan"].contains($0) }
            #expect(Self.replacer.mentionsAFirstWord(text) == slow, "\(text)")
        }
    }
}
