import Testing

@testable import TranscriptSite

@Suite struct RedactorTests {
    static func redact(_ text: String, _ kinds: [String]) throws -> String {
        try Redactor(patterns: kinds.map(RedactionPattern.init), mask: "█").redact(text).text
    }

    @Test(arguments: [
        ("call +49 170 1234567 now", "call █ now"),
        ("call +33 6 12 34 56 78.", "call █."),
        ("office (415) 555-0134", "office █"),
        ("office 415-555-0134", "office █"),
        ("Paris 0612345678", "Paris █"),
        ("Paris 06 12 34 56 78", "Paris █"),
        ("Berlin 030/12345678", "Berlin █"),
        ("+44 20 7946 0958", "█"),
        ("[call](tel:+4917012345678)", "[call](tel:█)"),
        ("https://example.com/call/0612345678?x=1", "https://example.com/call/█?x=1"),
    ])
    func phoneNumbersInManyForms(text: String, expected: String) throws {
        #expect(try Self.redact(text, ["phone"]) == expected)
    }

    @Test(arguments: [
        "on 01.05.2024 at 10:30", "on 2024-05-01", "in 1999", "12 apples", "version 1.2.3", "1/5/24",
        "about 1000000 people",
    ])
    func datesTimesAndCountsAreNotPhoneNumbers(text: String) throws {
        #expect(try Self.redact(text, ["phone"]) == text)
    }

    @Test func cardNumbersNeedTheirLuhnDigit() throws {
        #expect(try Self.redact("card 4111 1111 1111 1111 ok", ["card"]) == "card █ ok")
        #expect(try Self.redact("card 5500-0000-0000-0004", ["card"]) == "card █")
        #expect(try Self.redact("card 4111 1111 1111 1112", ["card"]) == "card 4111 1111 1111 1112")
        #expect(try Self.redact("order 1234567890123", ["card"]) == "order 1234567890123")
    }

    @Test func ibansNeedTheirCheckDigits() throws {
        #expect(try Self.redact("to DE89 3704 0044 0532 0130 00.", ["iban"]) == "to █.")
        #expect(try Self.redact("GB82WEST12345698765432", ["iban"]) == "█")
        #expect(try Self.redact("to DE88 3704 0044 0532 0130 00", ["iban"]) == "to DE88 3704 0044 0532 0130 00")
    }

    @Test func addresses() throws {
        #expect(try Self.redact("host 192.168.1.20, gateway 10.0.0.1", ["ip"]) == "host █, gateway █")
        #expect(try Self.redact("v6 2001:db8::1 and fe80::1ff:fe23:4567:890a", ["ip"]) == "v6 █ and █")
        #expect(try Self.redact("not 999.1.1.1, at 10:30:00, 1.2.3", ["ip"]) == "not 999.1.1.1, at 10:30:00, 1.2.3")
    }

    @Test func emailsAlsoInsideLinks() throws {
        #expect(try Self.redact("write ann.lee+x@mail.example.org", ["email"]) == "write █")
        #expect(try Self.redact("[me](mailto:ann@example.com)", ["email"]) == "[me](mailto:█)")
        #expect(try Self.redact("see https://ann@example.com/path", ["email"]) == "see https://█/path")
    }

    @Test func expressionsAndOverlapsAreMaskedOnce() throws {
        #expect(try Self.redact("ticket-4711 and TICKET-1", [#"ticket-\d+"#]) == "█ and TICKET-1")
        #expect(try Self.redact("mail ann@example.com", ["email", "ann@.*"]) == "mail █")
        let counted = try Redactor(patterns: [RedactionPattern("email"), RedactionPattern("ip")], mask: "x")
            .redact("a@b.io 1.2.3.4 c@d.io")
        #expect(counted == ("x x x", 3))
    }

    @Test func aPatternThatIsNeitherKindNorExpressionSaysSo() {
        #expect(throws: RedactionPatternError.self) { try RedactionPattern("ticket-(\\d+") }
        #expect(throws: RedactionPatternError.self) { try RedactionPattern("") }
    }
}
