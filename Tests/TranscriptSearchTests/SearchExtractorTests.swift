import Testing
import TranscriptTestSupport

@testable import TranscriptModel
@testable import TranscriptSearch

@Suite struct SearchExtractorTests {
    let extractor = SearchExtractor()

    func extract(_ json: String, plainText: String? = nil, hasLink: Bool = false) throws -> (SearchDocument, [String: UInt32]) {
        let message = try TestSupport.message(json)
        let result = extractor.extract(
            message, plainText: plainText, textHasLink: hasLink, senderName: "Ann", page: "2024-05", anchor: "m-1")
        return (result.document, Dictionary(uniqueKeysWithValues: result.postings.map { ($0.term, $0.weight) }))
    }

    @Test func kindsGiveTheirFieldsAsWords() throws {
        let (poll, pollTerms) = try extract(
            #"{"id": "1", "date": "2024-05-03T09:30:00Z", "type": "poll", "poll": {"question": "Where to?", "options": [{"text": "Porto", "votes": 1}, {"text": "Faro", "votes": 0}]}}"#)
        #expect(poll.text == "Where to?\nPorto\nFaro")
        #expect(Set(pollTerms.keys) == ["where", "to", "porto", "faro"])
        #expect(poll.kinds == .poll)

        let (file, fileTerms) = try extract(
            #"{"id": "1", "date": "2024-05-03T09:30:00Z", "type": "file", "file": {"file": "docs/Report_2024.pdf"}}"#)
        #expect(file.text == "Report_2024.pdf")
        #expect(Set(fileTerms.keys) == ["report", "2024", "pdf"])
        #expect(file.kinds == .file)

        let (photo, _) = try extract(#"{"id": "1", "date": "2024-05-03T09:30:00Z", "type": "photo", "photo": {}}"#)
        #expect(photo.text == "Photo")
        #expect(photo.kinds == .photo)
    }

    @Test func aMessageWithoutTextIsLabelledInTheSitesLanguage() throws {
        let german = SearchExtractor(strings: StringTable(language: "de", entries: ["kindPhoto": .text("Foto")]))
        let message = try TestSupport.message(#"{"id": "1", "date": "2024-05-03T09:30:00Z", "type": "photo", "photo": {}}"#)
        let result = german.extract(message, plainText: nil, textHasLink: false, senderName: "Ann", page: "2024-05", anchor: "m-1")
        #expect(result.document.text == "Foto")
        #expect(result.postings.isEmpty)
    }

    @Test func textWithALinkHasALinkAndLongTextIsCut() throws {
        let long = String(repeating: "word ", count: 400)
        let (document, terms) = try extract(
            #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "x"}"#, plainText: long, hasLink: true)
        #expect(document.kinds == .link)
        #expect(document.text.count == SearchDocument.maximumTextLength && document.isCut)
        #expect(terms == ["word": 3])
        #expect(document.sender == "Ann" && document.page == "2024-05" && document.anchor == "m-1")
        #expect(document.seconds == 1_714_728_600)
    }

    @Test func textIsCutByCharactersNotBytes() throws {
        let message = #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "x"}"#
        // 240 characters of two bytes each: more bytes than the limit, not more characters.
        let whole = String(repeating: "é", count: 240)
        var (document, _) = try extract(message, plainText: whole, hasLink: false)
        #expect(document.text == whole && !document.isCut)
        // One character more is cut; a family emoji (several scalars) counts as one character.
        (document, _) = try extract(message, plainText: whole + "👨‍👩‍👧", hasLink: false)
        #expect(document.text == whole && document.isCut)
        let families = String(repeating: "👨‍👩‍👧", count: 240)
        (document, _) = try extract(message, plainText: families, hasLink: false)
        #expect(document.text == families && !document.isCut)
        (document, _) = try extract(message, plainText: "short", hasLink: false)
        #expect(document.text == "short" && !document.isCut)
    }

    @Test func weightsFavourShortMessagesAndRepeatedWords() {
        #expect(SearchExtractor.weight(count: 1, length: 3) == 3)
        #expect(SearchExtractor.weight(count: 1, length: 12) == 2)
        #expect(SearchExtractor.weight(count: 1, length: 40) == 0)
        #expect(SearchExtractor.weight(count: 3, length: 40) == 2)
    }

    @Test func termsAreCountedOnceEach() {
        let short = SearchExtractor.counted(["b", "a", "b", "c", "b"])
        #expect(short.map(\.term) == ["b", "a", "c"] && short.map(\.count) == [3, 1, 1])
        let words = (0..<200).map { "w\($0 % 7)" }
        let long = SearchExtractor.counted(words)
        #expect(long.map(\.term) == (0..<7).map { "w\($0)" })
        #expect(long.map(\.count) == [29, 29, 29, 29, 28, 28, 28])
        let few = SearchExtractor.counted((0..<50).map { "w\($0 % 7)" })
        #expect(few.map(\.term) == (0..<7).map { "w\($0)" } && few.map(\.count) == [8, 7, 7, 7, 7, 7, 7])
    }

    /// A link is `<a ` anywhere in the HTML, and only there: every text of `<`, `a`, ` ` and their look-alikes up
    /// to 12 bytes, against looking at every place.
    @Test func aLinkIsFoundWhereverItStarts() {
        #expect(SearchExtractor.holdsLink("<p><a href=\"x\">x</a></p>"))
        #expect(!SearchExtractor.holdsLink("<p>a <abbr>b</abbr> <a\n</p>"))
        #expect(!SearchExtractor.holdsLink("<a"))
        #expect(SearchExtractor.holdsLink("<a "))
        let alphabet: [Character] = ["<", "a", " ", "A", "b", "é"]
        var generator = SeededGenerator(seed: 31)
        for length in 0..<12 {
            for _ in 0..<300 {
                let html = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
                let bytes = Array(html.utf8)
                let expected = bytes.count >= 3 && (0..<(bytes.count - 2)).contains {
                    bytes[$0] == UInt8(ascii: "<") && bytes[$0 + 1] == UInt8(ascii: "a") && bytes[$0 + 2] == UInt8(ascii: " ")
                }
                #expect(SearchExtractor.holdsLink(html) == expected, "\(html)")
            }
        }
    }

    /// A long text's start is its first characters, also when they are taken as bytes: a CR LF or a combining mark
    /// where the start ends, and letters beyond ASCII, before it or after it.
    @Test func startOfALongTextIsItsFirstCharacters() {
        let length = SearchDocument.maximumTextLength
        let ascii = String(repeating: "abcdefghij", count: 40)
        var texts = [ascii, String(ascii.prefix(length + 1)), "é" + ascii, ascii + "é"]
        for at in (length - 2)...(length + 1) {
            let prefix = String(ascii.prefix(at))
            texts.append(prefix + "\r\n" + ascii)
            texts.append(prefix + "\r" + ascii)
            texts.append(prefix + "\u{301}" + ascii)
            texts.append(prefix + "👍🏽" + ascii)
        }
        for text in texts {
            #expect(SearchExtractor.start(of: text) == String(text.prefix(length)), "\(text.utf8.count) bytes")
        }
    }
}

