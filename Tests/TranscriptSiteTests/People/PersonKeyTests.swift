import Testing

@testable import TranscriptSite

/// How ids are compared: phone numbers as E.164 (by libphonenumber), e-mail addresses without case, the rest as written.
@Suite struct PersonKeyTests {
    @Test(arguments: [
        ("+1 (555) 555-0101", "US", "tel:+15555550101"),
        ("+15555550101", nil, "tel:+15555550101"),
        ("tel:+1-555-555-0101", nil, "tel:+15555550101"),
        ("4915112345678@s.whatsapp.net", nil, "tel:+4915112345678"),
        ("4915112345678@c.us", "US", "tel:+4915112345678"),
        ("0151 12345678", "DE", "tel:+4915112345678"),
        ("(555) 555-0101", "US", "tel:+15555550101"),
        ("+44 20 7946 0958", "DE", "tel:+442079460958"),
    ] as [(String, String?, String)])
    func phoneNumbersAreComparedAsE164(_ id: String, _ region: String?, _ key: String) {
        #expect(PersonKey(id, region: region).value == key)
    }

    @Test func aNumberWithoutCountryCodeOrRegionIsAnIdAsWritten() {
        #expect(PersonKey("0151 12345678", region: nil).value == "id:0151 12345678")
    }

    @Test func addressesAreComparedWithoutCase() {
        #expect(PersonKey("Quentin.Okonkwo@Example.com", region: nil) == PersonKey("mailto:quentin.okonkwo@example.com", region: "US"))
    }

    @Test(arguments: ["user5550101", "Q. O.", "U024BE7LH", "@quinn:matrix.org", "12345"])
    func otherIdsAreComparedAsWritten(_ id: String) {
        #expect(PersonKey(id, region: "US").value == "id:" + id)
    }

    @Test func aHandleDiffersFromTheSameHandleInOtherCase() {
        #expect(PersonKey("Quinn", region: nil) != PersonKey("quinn", region: nil))
    }
}
