import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport

/// Contacts files: each card a person, with the ids of TEL, EMAIL, IMPP and X-SOCIALPROFILE.
@Suite struct VCardReaderTests {
    let reader = VCardReader(displayPath: "contacts.vcf")

    @Test func aVersion3CardWithFoldedLinesGroupsAndEscapes() throws {
        let text = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            N:Okonkwo;Quentin;;;\r
            FN:Quinn Okonkwo\\, Jr.\r
            item1.TEL;type=CELL:+1 555 55\r
             5 0101\r
            EMAIL;type=INTERNET:quentin.okonkwo@example.com\r
            IMPP;X-SERVICE-TYPE=Jabber:xmpp:quinn@jabber.example.org\r
            X-SOCIALPROFILE;type=telegram;x-user=user5550101:https://t.me/quinn_o\r
            END:VCARD\r

            """
        let cards = try reader.cards(in: text)
        #expect(cards == [VCardReader.Card(
            name: "Quinn Okonkwo, Jr.",
            ids: ["+1 555 555 0101", "quentin.okonkwo@example.com", "quinn@jabber.example.org", "user5550101", "quinn_o"],
            line: 1)])
    }

    @Test func aVersion21CardInQuotedPrintableAndACardNamedByN() throws {
        let text = """
            BEGIN:VCARD
            VERSION:2.1
            FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Zo=C3=AB Brand=
            t
            TEL;CELL:+49 151 12345678
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            N:Lindqvist;Maja;;;
            TEL;VALUE=uri:tel:+46-70-123-45-67
            END:VCARD
            """
        let cards = try reader.cards(in: text)
        #expect(cards.map(\.name) == ["Zoë Brandt", "Maja Lindqvist"])
        #expect(cards.map(\.ids) == [["+49 151 12345678"], ["+46-70-123-45-67"]])
        #expect(cards.map(\.line) == [1, 7])
    }

    @Test(arguments: [
        ("BEGIN:VCARD\nFN:Ann\nthis is not a property\nEND:VCARD\n", 3, "not a vCard line (no \"name:value\")"),
        ("BEGIN:VCARD\nFN:Ann\nBEGIN:VCARD\n", 3, "a card begins inside the card of line 1 (no END:VCARD)"),
        ("FN:Ann\n", 1, "a vCard property outside BEGIN:VCARD and END:VCARD"),
        ("BEGIN:VCARD\nFN:Ann\nTEL:+15555550101\n", 1, "the card that begins here has no END:VCARD"),
        ("END:VCARD\n", 1, "END:VCARD without BEGIN:VCARD"),
    ] as [(String, Int, String)])
    func aFileThatIsNotVCardIsAnErrorNamingItsLine(_ text: String, _ line: Int, _ message: String) {
        #expect(throws: TranscriptsError(file: "contacts.vcf", line: line, message: message)) {
            try reader.cards(in: text)
        }
    }
}
