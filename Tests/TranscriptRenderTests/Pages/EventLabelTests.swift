import Testing

@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptTemplates

/// Events that importers described, worded from the strings table.
@Suite struct EventLabelTests {
    static let names = ["ann": "Ann", "bo": "Bo", "cy": "Cy"]
    func name(_ id: String) -> String { Self.names[id] ?? id }

    @Test func eachEventHasItsKey() throws {
        let (german, _) = try StringTables.table(language: "de")
        let cases: [(SystemEvent, String?)] = [
            (SystemEvent(event: .join, text: "", actor: "ann"), "Ann ist beigetreten"),
            (SystemEvent(event: .join, text: "", actor: "ann", subjects: ["bo", "cy", "Dana"]), "Ann hat Bo, Cy und Dana hinzugefügt"),
            (SystemEvent(event: .leave, text: "", actor: "bo"), "Bo hat die Unterhaltung verlassen"),
            (SystemEvent(event: .leave, text: "", actor: "ann", subjects: ["bo"]), "Ann hat Bo entfernt"),
            (SystemEvent(event: .rename, text: "", actor: "ann", title: "Trip"), "Ann hat die Unterhaltung in „Trip“ umbenannt"),
            (SystemEvent(event: .create, text: "", actor: "ann"), "Ann hat die Unterhaltung erstellt"),
            (SystemEvent(event: .create, text: "", actor: "ann", title: "Trip"), "Ann hat „Trip“ erstellt"),
            (SystemEvent(event: .pin, text: "", actor: "bo"), "Bo hat eine Nachricht angeheftet"),
            (SystemEvent(event: .call, text: "", actor: "bo", title: "2:05"), "Bo hat angerufen (2:05)"),
            (SystemEvent(event: .call, text: "", actor: "bo"), "Bo hat angerufen"),
            (SystemEvent(event: .leave, text: "", actor: "bo", title: "Urlaub"), "Bo hat die Unterhaltung verlassen: Urlaub"),
            (SystemEvent(event: .leave, text: "", actor: "ann", subjects: ["bo"], title: "Spam"), "Ann hat Bo entfernt: Spam"),
            (SystemEvent(event: .invite, text: "", actor: "ann", subjects: ["bo", "cy"]), "Ann hat Bo und Cy eingeladen"),
            (SystemEvent(event: .ban, text: "", actor: "ann", subjects: ["bo"]), "Ann hat Bo gesperrt"),
            (SystemEvent(event: .ban, text: "", actor: "ann", subjects: ["bo"], title: "Spam"), "Ann hat Bo gesperrt: Spam"),
            (SystemEvent(event: .topic, text: "", actor: "ann", title: "Ausflug"), "Ann hat das Thema in „Ausflug“ geändert"),
            (SystemEvent(event: .topic, text: "", actor: "ann"), "Ann hat das Thema entfernt"),
            (SystemEvent(event: .purpose, text: "", actor: "cy", title: "Planung"), "Cy hat die Beschreibung in „Planung“ geändert"),
            (SystemEvent(event: .purpose, text: "", actor: "cy"), "Cy hat die Beschreibung entfernt"),
            // Nothing to word it with: the event's own text.
            (SystemEvent(event: .rename, text: "", actor: "ann"), nil),
            (SystemEvent(event: .other, text: "", actor: "ann"), nil),
            // The export names no one: someone did it.
            (SystemEvent(event: .join, text: "", subjects: ["bo"]), "Jemand hat Bo hinzugefügt"),
            (SystemEvent(event: .join, text: ""), "Jemand ist beigetreten"),
            (SystemEvent(event: .invite, text: "", actor: "ann"), nil),
            (SystemEvent(event: .ban, text: "", actor: "ann", title: "Spam"), nil),
            (SystemEvent(event: .topic, text: "", title: "Ausflug"), "Jemand hat das Thema in „Ausflug“ geändert"),
        ]
        for (event, expected) in cases {
            #expect(EventLabel.text(for: .system(event), strings: german, name: name) == expected)
        }
    }

    @Test func theBuiltInEnglishWordsLeaveTheImportersLabel() throws {
        let event = SystemEvent(event: .join, text: "Ann joined the group by link", actor: "ann")
        #expect(EventLabel.text(for: .system(event), strings: StringTables.english, name: name) == nil)
        #expect(EventLabel.compose(event, strings: StringTables.english, name: name) == "Ann joined")
        // A language without a table is English too; a site's own English words are used.
        let (dutch, _) = try StringTables.table(language: "nl")
        #expect(EventLabel.text(for: .system(event), strings: dutch, name: name) == nil)
        let own = StringTable(language: "en", entries: StringTables.english.entries.merging(["eventJoined": .text("{actor} is here")]) { _, new in new })
        #expect(EventLabel.text(for: .system(event), strings: own, name: name) == "Ann is here")
        #expect(EventLabel.text(for: .text("hi"), strings: own, name: name) == nil)
    }
}
