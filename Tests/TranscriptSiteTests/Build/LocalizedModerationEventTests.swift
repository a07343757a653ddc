import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite

/// Topic changes, invites, removals and bans that an importer described (here a Matrix room, read from an
/// Element export like any input): a site in another language words them from its strings table, an English
/// site keeps the importer's own labels, and the privacy settings reach the names and the topic.
@Suite struct LocalizedModerationEventTests {
    static func event(_ id: String, _ type: String, from sender: String = "@ann:example.org", _ content: String, state: String = "") -> String {
        #"{"type":"\#(type)","sender":"\#(sender)","origin_server_ts":1714721400000,"event_id":"\#(id)","room_id":"!trip:example.org","content":\#(content),"state_key":"\#(state)"}"#
    }

    static let room = """
        {"room_name": "Trip", "messages": [
        \([
            event("$1", "m.room.member", #"{"membership":"join","displayname":"Ann Lee"}"#, state: "@ann:example.org"),
            event("$2", "m.room.member", from: "@bob:x.org", #"{"membership":"join","displayname":"Bob"}"#, state: "@bob:x.org"),
            event("$3", "m.room.member", #"{"membership":"invite","displayname":"Dana"}"#, state: "@dana:x.org"),
            event("$4", "m.room.topic", #"{"topic":"Lunch <at> noon, mail ann@example.org"}"#),
            event("$5", "m.room.member", #"{"membership":"leave","reason":"spam"}"#, state: "@bob:x.org"),
            event("$6", "m.room.member", #"{"membership":"ban"}"#, state: "@eve:evil.org"),
            event("$7", "m.room.topic", #"{"topic":""}"#),
            event("$8", "m.room.member", from: "@cy:x.org", #"{"membership":"join","displayname":"Cy"}"#, state: "@cy:x.org"),
            event("$9", "m.room.member", from: "@cy:x.org", #"{"membership":"leave","reason":"bye"}"#, state: "@cy:x.org"),
        ].joined(separator: ",\n"))
        ]}
        """

    /// The text of each event line of the room's page, built with `locale` and `config`.
    func eventLines(locale: String, config: String = "", name: String = #function) throws -> [String] {
        try TestSupport.eventLines("matrix - Trip - Chat Export - 2024-05-03.json", Self.room, locale: locale, config: config, name: name)
    }

    @Test func aFrenchSiteWordsThem() throws {
        #expect(try eventLines(locale: "fr_FR") == [
            "Ann Lee a rejoint la conversation",
            "Bob a rejoint la conversation",
            "Ann Lee a invité Dana",
            "Ann Lee a changé le sujet en « Lunch &lt;at&gt; noon, mail ann@example.org »",
            "Ann Lee a retiré Bob : spam",
            "Ann Lee a banni eve",
            "Ann Lee a supprimé le sujet",
            "Cy a rejoint la conversation",
            "Cy a quitté la conversation : bye",
        ])
    }

    @Test func anEnglishSiteKeepsTheImportersLabels() throws {
        #expect(try eventLines(locale: "en_GB") == [
            "<p>Ann Lee joined</p>",
            "<p>Bob joined</p>",
            "<p>Ann Lee invited Dana</p>",
            "<p>Ann Lee changed the topic to &quot;Lunch &lt;at&gt; noon, mail ann@example.org&quot;</p>",
            "<p>Ann Lee removed Bob: spam</p>",
            "<p>Ann Lee banned eve</p>",
            "<p>Ann Lee removed the topic</p>",
            "<p>Cy joined</p>",
            "<p>Cy left: bye</p>",
        ])
    }

    @Test func pseudonymsAndRedactionReachTheNamesAndTheTopic() throws {
        let lines = try eventLines(locale: "es", config: "privacy:\n  pseudonymize: true\n  redact: [email]\n")
        #expect(lines == [
            "Person 1 se unió",
            "Person 2 se unió",
            "Person 1 invitó a Dana",
            "Person 1 cambió el tema a «Lunch &lt;at&gt; noon, mail [redacted]»",
            "Person 1 eliminó a Person 2: spam",
            "Person 1 vetó a eve",
            "Person 1 eliminó el tema",
            "Person 3 se unió",
            "Person 3 salió: bye",
        ])
    }
}
