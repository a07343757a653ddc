import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite

/// Calls' steps, auto-delete timers, upgrades, private and public channels, apps, posting permissions, boosts,
/// followed channels, unpins, thread starters and the events with no words of their own (by the export's name
/// for them, with or without someone who did it), as the importers describe them (in the canonical format): a
/// site in another language words them from its strings table, an English site keeps the importers' labels.
@Suite struct LocalizedOtherEventTests {
    static let events: [(String, String)] = [
        ("callMissed", #""actor": "U1""#),
        ("callDeclined", #""actor": "U2""#),
        ("callAnswered", #""actor": "U2""#),
        ("callEnded", #""actor": "U1""#),
        ("timer", #""actor": "U1", "title": "604800""#),
        ("timer", #""actor": "U1", "title": "7200""#),
        ("timer", #""actor": "U1", "title": "90""#),
        ("timer", #""actor": "U1""#),
        ("upgrade", #""actor": "U1""#),
        ("madePrivate", #""actor": "U1""#),
        ("madePublic", #""actor": "U2""#),
        ("botAdded", #""actor": "U1""#),
        ("botRemoved", #""actor": "U1""#),
        ("permissions", #""actor": "U2""#),
        ("boost", #""actor": "U2""#),
        ("boost", #""actor": "U2", "title": "2""#),
        ("follow", #""actor": "U1""#),
        ("unpin", #""actor": "U1""#),
        ("threadStarter", #""actor": "U2""#),
        ("other", #""actor": "U1", "title": "score_in_game""#),
        ("other", #""title": "migrate_to_supergroup""#),
    ]

    static let conversation = TestSupport.conversation(
        id: "channel", title: "general",
        messages: events.enumerated().map { index, event in
            let minute = index < 10 ? "0\(index)" : "\(index)"
            return #"{"id": "\#(index)", "date": "2024-05-03T09:\#(minute):00+02:00", "type": "system", "system": {"event": "\#(event.0)", "text": "English label \#(index)", \#(event.1)}}"#
        },
        participants: #"[{"id":"U1","name":"Ann Lee"},{"id":"U2","name":"Bob"}]"#)

    func lines(locale: String, name: String = #function) throws -> [String] {
        try TestSupport.eventLines("channel.json", Self.conversation, locale: locale, name: name)
    }

    @Test func aGermanSiteWordsThem() throws {
        #expect(try lines(locale: "de_DE") == [
            "Verpasster Anruf von Ann Lee",
            "Bob hat den Anruf abgelehnt",
            "Bob hat den Anruf angenommen",
            "Ann Lee hat den Anruf beendet",
            "Ann Lee hat eingestellt, dass Nachrichten nach 7 Tagen gelöscht werden",
            "Ann Lee hat eingestellt, dass Nachrichten nach 2 Stunden gelöscht werden",
            "Ann Lee hat eingestellt, dass Nachrichten nach 1:30 gelöscht werden",
            "Ann Lee hat das automatische Löschen von Nachrichten ausgeschaltet",
            "Ann Lee hat die Gruppe in eine Supergruppe umgewandelt",
            "Ann Lee hat die Unterhaltung privat gemacht",
            "Bob hat die Unterhaltung öffentlich gemacht",
            "Ann Lee hat eine App hinzugefügt",
            "Ann Lee hat eine App entfernt",
            "Bob hat geändert, wer posten darf",
            "Bob hat den Server geboostet",
            "Bob hat den Server auf Stufe 2 geboostet",
            "Ann Lee hat einen gefolgten Kanal hinzugefügt",
            "Ann Lee hat eine Nachricht losgelöst",
            "Thread aus einer Nachricht von Bob gestartet",
            "Ann Lee: Ereignis score_in_game",
            "Ereignis: migrate_to_supergroup",
        ])
    }

    @Test func aJapaneseSiteCountsInItsOwnWords() throws {
        let lines = try lines(locale: "ja")
        #expect(lines[4] == "Ann Lee がメッセージを 7 日 後に自動削除するよう設定しました")
        #expect(lines[15] == "Bob がサーバーをレベル 2 にブーストしました")
        #expect(lines[19] == "Ann Lee: イベント score_in_game")
        #expect(lines[20] == "イベント: migrate_to_supergroup")
    }

    @Test func anEnglishSiteKeepsTheImportersLabels() throws {
        #expect(try lines(locale: "en_GB") == Self.events.indices.map { "<p>English label \($0)</p>" })
    }
}
