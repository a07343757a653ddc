import Testing

@testable import TranscriptImport

@Suite struct MessengerTextTests {
    @Test func mojibakeIsRepaired() {
        #expect(MessengerText.repair("J\u{e2}\u{9d}\u{a4}\u{ef}\u{b8}\u{8f}hn Doe") == "J❤️hn Doe")
        #expect(MessengerText.repair("\u{f0}\u{9f}\u{92}\u{96}") == "💖")
        #expect(MessengerText.repair("caf\u{c3}\u{a9}") == "café")
        #expect(MessengerText.repair("\u{d0}\u{9f}\u{d1}\u{80}\u{d0}\u{b8}\u{d0}\u{b2}\u{d0}\u{b5}\u{d1}\u{82}") == "Привет")
    }

    @Test func whatIsNotMojibakeIsLeftAlone() {
        #expect(MessengerText.repair("Hello") == "Hello")
        #expect(MessengerText.repair("") == "")
        // Latin-1 text whose bytes are not UTF-8.
        #expect(MessengerText.repair("café") == "café")
        #expect(MessengerText.repair("Ä Ö Ü ß ¿") == "Ä Ö Ü ß ¿")
        // Text beyond U+00FF is already decoded.
        #expect(MessengerText.repair("J❤️hn") == "J❤️hn")
        #expect(MessengerText.repair("日本語 é") == "日本語 é")
        #expect(MessengerText.repair("Привет") == "Привет")
    }

    @Test func onlyStringsAreRead() {
        #expect(MessengerText.string(.string("caf\u{c3}\u{a9}")) == "café")
        #expect(MessengerText.string(.number(1)) == nil)
        #expect(MessengerText.string(nil) == nil)
    }
}
