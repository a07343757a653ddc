import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// Who is who: the config's people and contacts files, found by any id they write under.
@Suite struct PeopleDirectoryTests {
    static let quinn = PeopleSettings.Entry.person(.init(
        name: "Quinn Okonkwo", ids: ["+1 555 555 0101", "user5550101", "quentin.okonkwo@example.com"]))

    func directory(_ entries: [PeopleSettings.Entry], files: [String: String] = [:], name: String = #function) throws -> PeopleDirectory {
        let folder = try TestSupport.temporaryFolder(name)
        try TestSupport.write(files, in: folder)
        return try PeopleDirectory(
            settings: PeopleSettings(entries: entries), region: "US", folder: folder, configPath: "transcripts.yml")
    }

    @Test func aPersonIsFoundByAnyOfTheirIdsAsEveryAppWritesThem() throws {
        let people = try directory([Self.quinn])
        #expect(people.people.map(\.id) == ["quinn-okonkwo"])
        for (id, name) in [
            ("+15555550101", "+15555550101"),  // iMessage
            ("Quentin.Okonkwo@example.com", "Quentin.Okonkwo@example.com"),  // iMessage, by address
            ("+1 (555) 555-0101", "+1 (555) 555-0101"),  // WhatsApp, an unsaved number
            ("15555550101@s.whatsapp.net", "Quinn"),  // WhatsApp's database
            ("user5550101", "Q. O."),  // Telegram
        ] {
            #expect(people.person(participantID: id, name: name) == 0, "\(id)")
        }
        #expect(people.person(participantID: "user5550102", name: "Q. P.") == nil)
    }

    @Test func anIdClaimedByTwoPeopleIsAnErrorNamingBoth() throws {
        let other = PeopleSettings.Entry.person(.init(name: "Q. Junior", ids: ["(555) 555-0101"]))
        #expect(throws: TranscriptsError(
            file: "transcripts.yml", path: "people",
            message: "the id \"(555) 555-0101\" is claimed by Quinn Okonkwo (transcripts.yml: people[0]) and by Q. Junior (transcripts.yml: people[1]); an id is one person's")
        ) {
            try directory([Self.quinn, other])
        }
    }

    @Test func aContactsFileMakesEachCardWithIdsAPerson() throws {
        let vcf = "BEGIN:VCARD\nFN:Maja Lindqvist\nTEL:+46 70 123 45 67\nEND:VCARD\nBEGIN:VCARD\nFN:No Ids\nEND:VCARD\n"
        let people = try directory([Self.quinn, .contacts("contacts.vcf")], files: ["contacts.vcf": vcf])
        #expect(people.people.map(\.name) == ["Quinn Okonkwo", "Maja Lindqvist"])
        #expect(people.people.map(\.fromContacts) == [false, true])
        #expect(people.people[1].source.hasSuffix("contacts.vcf:1"))
        #expect(people.person(participantID: "+46701234567", name: "Maja") == 1)
    }

    @Test func anUnreadableContactsFileIsAnErrorNamingIt() throws {
        #expect(throws: TranscriptsError(file: "transcripts.yml", path: "people[0].contacts", message: "cannot read \"missing.vcf\"")) {
            try directory([.contacts("missing.vcf")])
        }
    }

    @Test func peopleOfTheSameNameGetFoldersOfTheirOwn() throws {
        let people = try directory([
            .person(.init(name: "Zoë O'Brien", ids: ["a"])), .person(.init(name: "Zoe O Brien", ids: ["b"])),
            .person(.init(name: "Анна", ids: ["c"])),
        ])
        #expect(people.people.map(\.id) == ["zoe-o-brien", "zoe-o-brien-2", "person"])
    }

    @Test func theFingerprintChangesWithWhoIsWho() throws {
        let one = try directory([Self.quinn]).fingerprint
        let same = try directory([Self.quinn]).fingerprint
        let other = try directory([.person(.init(name: "Quinn Okonkwo", ids: ["user5550101"]))]).fingerprint
        #expect(one == same)
        #expect(one != other)
    }
}
