import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite

/// Unbans, knocks, declined and withdrawn invitations, display name and profile changes and a room's avatar that
/// an importer described (a Matrix room, read from an Element export like any input), and archived channels and
/// group photos (in the canonical format, as Slack, Mattermost, Telegram and iMessage describe them): a site in
/// another language words them from its strings table, an English site keeps the importer's own labels, and the
/// privacy settings reach the names, the former ones too.
@Suite struct LocalizedProfileEventTests {
    static func event(
        _ id: String, _ type: String, from sender: String = "@ann:example.org", _ content: String, state: String = "",
        previous: String? = nil
    ) -> String {
        let unsigned = previous.map { #","unsigned":{"prev_content":\#($0)}"# } ?? ""
        return #"{"type":"\#(type)","sender":"\#(sender)","origin_server_ts":1714721400000,"event_id":"\#(id)","room_id":"!trip:example.org","content":\#(content),"state_key":"\#(state)"\#(unsigned)}"#
    }

    static let room = """
        {"room_name": "Trip", "messages": [
        \([
            event("$1", "m.room.member", #"{"membership":"join","displayname":"Ann Lee"}"#, state: "@ann:example.org"),
            event("$2", "m.room.member", from: "@bob:x.org", #"{"membership":"join","displayname":"Bob"}"#, state: "@bob:x.org"),
            event("$3", "m.room.member", from: "@bob:x.org", #"{"membership":"join","displayname":"Bobby <3"}"#, state: "@bob:x.org",
                  previous: #"{"membership":"join","displayname":"Bob"}"#),
            event("$4", "m.room.member", from: "@bob:x.org", #"{"membership":"join"}"#, state: "@bob:x.org",
                  previous: #"{"membership":"join","displayname":"Bobby <3"}"#),
            event("$5", "m.room.member", from: "@bob:x.org", #"{"membership":"join","avatar_url":"mxc://x/b"}"#, state: "@bob:x.org",
                  previous: #"{"membership":"join"}"#),
            event("$6", "m.room.member", #"{"membership":"ban"}"#, state: "@eve:evil.org", previous: #"{"membership":"join"}"#),
            event("$7", "m.room.member", #"{"membership":"leave"}"#, state: "@eve:evil.org", previous: #"{"membership":"ban"}"#),
            event("$8", "m.room.member", from: "@cy:x.org", #"{"membership":"knock","displayname":"Cy"}"#, state: "@cy:x.org"),
            event("$9", "m.room.member", from: "@cy:x.org", #"{"membership":"leave"}"#, state: "@cy:x.org",
                  previous: #"{"membership":"invite","displayname":"Cy"}"#),
            event("$10", "m.room.member", #"{"membership":"leave"}"#, state: "@dana:x.org", previous: #"{"membership":"invite","displayname":"Dana"}"#),
            event("$11", "m.room.avatar", #"{"url":"mxc://x/a"}"#),
            event("$12", "m.room.avatar", #"{}"#),
        ].joined(separator: ",\n"))
        ]}
        """

    static let channel = TestSupport.conversation(
        id: "channel", title: "general",
        messages: [
            #"{"id": "1", "sender": "U1", "date": "2024-05-03T09:30:00+02:00", "type": "system", "system": {"event": "archive", "text": "Ann Lee archived the channel", "actor": "U1"}}"#,
            #"{"id": "2", "sender": "U2", "date": "2024-05-03T09:31:00+02:00", "type": "system", "system": {"event": "unarchive", "text": "Bob un-archived the channel", "actor": "U2"}}"#,
            #"{"id": "3", "sender": "U1", "date": "2024-05-03T09:32:00+02:00", "type": "system", "system": {"event": "photo", "text": "Ann Lee changed the group photo", "actor": "U1"}}"#,
            #"{"id": "4", "sender": "U2", "date": "2024-05-03T09:33:00+02:00", "type": "system", "system": {"event": "photoRemoved", "text": "Bob: delete group photo", "actor": "U2"}}"#,
        ],
        participants: #"[{"id":"U1","name":"Ann Lee"},{"id":"U2","name":"Bob"}]"#)

    /// The text of each event line of the one conversation's page, built with `locale` and `config`.
    func eventLines(_ file: String, _ content: String, locale: String, config: String = "", name: String = #function) throws -> [String] {
        try TestSupport.eventLines(file, content, locale: locale, config: config, name: name)
    }

    func roomLines(locale: String, config: String = "", name: String = #function) throws -> [String] {
        try eventLines("matrix - Trip - Chat Export - 2024-05-03.json", Self.room, locale: locale, config: config, name: name)
    }

    @Test func aGermanSiteWordsThem() throws {
        let room = try roomLines(locale: "de_DE")
        #expect(room == [
            "Ann Lee ist beigetreten",
            "Bobby &lt;3 ist beigetreten",
            "Bob heißt jetzt „Bobby &lt;3“",
            "Bobby &lt;3 hat den Anzeigenamen entfernt",
            "Bobby &lt;3 hat das Profil geändert",
            "Ann Lee hat eve gesperrt",
            "Ann Lee hat die Sperre von eve aufgehoben",
            "Cy hat um Beitritt gebeten",
            "Cy hat die Einladung abgelehnt",
            "Ann Lee hat die Einladung an dana zurückgezogen",
            "Ann Lee hat das Gruppenbild geändert",
            "Ann Lee hat das Gruppenbild entfernt",
        ])
        let channel = try eventLines("channel.json", Self.channel, locale: "de_DE")
        #expect(channel == [
            "Ann Lee hat die Unterhaltung archiviert",
            "Bob hat die Unterhaltung aus dem Archiv geholt",
            "Ann Lee hat das Gruppenbild geändert",
            "Bob hat das Gruppenbild entfernt",
        ])
    }

    @Test func anEnglishSiteKeepsTheImportersLabels() throws {
        let room = try roomLines(locale: "en_GB")
        #expect(room == [
            "<p>Ann Lee joined</p>",
            "<p>Bob joined</p>",
            "<p>Bob changed their name to Bobby &lt;3</p>",
            "<p>Bobby &lt;3 removed their display name</p>",
            "<p>Bobby &lt;3 changed their profile</p>",
            "<p>Ann Lee banned eve</p>",
            "<p>Ann Lee unbanned eve</p>",
            "<p>Cy asked to join</p>",
            "<p>Cy rejected the invitation</p>",
            "<p>Ann Lee withdrew Dana's invitation</p>",
            "<p>Ann Lee changed the room avatar</p>",
            "<p>Ann Lee changed the room avatar</p>",
        ])
        let channel = try eventLines("channel.json", Self.channel, locale: "en_GB")
        #expect(channel == [
            "<p>Ann Lee archived the channel</p>",
            "<p>Bob un-archived the channel</p>",
            "<p>Ann Lee changed the group photo</p>",
            "<p>Bob: delete group photo</p>",
        ])
    }

    /// A former display name is one of its person's names: pseudonymized like the others, in the worded label
    /// and in the importer's own.
    @Test func pseudonymsReachTheFormerNames() throws {
        let room = try roomLines(locale: "fr", config: "privacy:\n  pseudonymize: true\n")
        #expect(room == [
            "Person 1 a rejoint la conversation",
            "Person 2 a rejoint la conversation",
            "Person 2 s’appelle désormais « Person 2 »",
            "Person 2 a supprimé son nom d’affichage",
            "Person 2 a modifié son profil",
            "Person 1 a banni eve",
            "Person 1 a levé le bannissement de eve",
            "Person 3 a demandé à rejoindre la conversation",
            "Person 3 a refusé l’invitation",
            "Person 1 a retiré l’invitation de dana",
            "Person 1 a changé la photo du groupe",
            "Person 1 a supprimé la photo du groupe",
        ])
        let english = try roomLines(locale: "en", config: "privacy:\n  pseudonymize: true\n")
        #expect(english[2] == "<p>Person 2 changed their name to Person 2</p>")
    }

    @Test func aJapaneseSiteWordsTheChannelsEvents() throws {
        let channel = try eventLines("channel.json", Self.channel, locale: "ja")
        #expect(channel == [
            "Ann Lee がトークをアーカイブしました",
            "Bob がトークのアーカイブを解除しました",
            "Ann Lee がグループの写真を変更しました",
            "Bob がグループの写真を削除しました",
        ])
    }
}
