import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// WhatsApp for iOS's group events and notes (`ZMESSAGETYPE` 6 and 10) by their `ZGROUPEVENTTYPE`.
@Suite struct WhatsAppIOSGroupEventsTests {
    typealias Fixture = WhatsAppIOSFixture

    /// A group with Bo and Cy and a direct chat with Ann, one row of each event.
    static let rows = """
        INSERT INTO ZWACHATSESSION (Z_PK, ZSESSIONTYPE, ZGROUPINFO, ZCONTACTJID, ZPARTNERNAME) VALUES
          (1, 1, 1, '\(Fixture.group)', 'Lisbon trip'), (2, 0, NULL, '\(Fixture.ann)', 'Ann Berg');
        INSERT INTO ZWAGROUPMEMBER (Z_PK, ZCHATSESSION, ZCONTACTNAME, ZMEMBERJID) VALUES
          (1, 1, 'Bo Lund', '\(Fixture.bo)'), (2, 1, 'Cy Moss', '\(Fixture.cy)');
        INSERT INTO ZWAMESSAGE (Z_PK, ZCHATSESSION, ZISFROMME, ZMESSAGETYPE, ZGROUPEVENTTYPE, ZGROUPMEMBER, ZMESSAGEDATE, ZSTANZAID, ZTEXT) VALUES
          (1, 1, 1, 6, 12, NULL, 10, 'E1', 'Lisbon trip'),
          (2, 1, 0, 6, 2, 1, 20, 'E2', NULL),
          (3, 1, 0, 6, 15, 2, 30, 'E3', NULL),
          (4, 1, 0, 6, 4, 1, 40, 'E4', NULL),
          (5, 1, 0, 6, 17, 1, 50, 'E5', 'Flights and hotels'),
          (6, 1, 0, 6, 1, 2, 60, 'E6', 'Porto trip'),
          (7, 1, 0, 6, 7, 2, 70, 'E7', NULL),
          (8, 1, 0, 6, 3, 1, 80, 'E8', NULL),
          (9, 1, 0, 6, 99, 1, 90, 'E9', NULL),
          (10, 2, 0, 10, 36, NULL, 100, 'F1', NULL),
          (11, 2, 0, 10, 0, NULL, 110, 'F2', NULL);
        """

    static func read() throws -> [ImportedConversation] {
        let folder = try TestSupport.temporaryFolder("group-events").appendingPathComponent("group.net.whatsapp.WhatsApp.shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try SQLiteDatabase.openForWriting(folder.appendingPathComponent("ChatStorage.sqlite")).execute(Fixture.schema + rows)
        var read: [ImportedConversation] = []
        try WhatsAppIOSImporter().importConversations(
            from: ExportSource(url: folder, displayPath: "group"), context: ImportContext(timeZone: TimeZone(identifier: "UTC")!, me: ["Me Myself"])
        ) { read.append($0) }
        return read
    }

    @Test func eventsByTheirCode() throws {
        let read = try Self.read()
        try #require(read.count == 2)
        let messages = read[0].conversation.messages
        let events = messages.dropLast().map { message -> String in
            guard case .system(let event) = message.kind else { return "not an event: \(message.kind)" }
            return "\(event.event.rawValue) \(event.actor ?? "-") \(event.subjects ?? []) \(event.title ?? "-"): \(event.text)"
        }
        #expect(events == [
            "create Me Myself [] Lisbon trip: You created the group “Lisbon trip”",
            "join \(Fixture.bo) [] -: Bo Lund joined",
            "join \(Fixture.cy) [] -: Cy Moss joined using an invite link",
            "photo \(Fixture.bo) [] -: Bo Lund changed the group icon",
            "purpose \(Fixture.bo) [] Flights and hotels: Bo Lund changed the group description to “Flights and hotels”",
            "rename \(Fixture.cy) [] Porto trip: Cy Moss changed the group name to “Porto trip”",
            "leave - [\"\(Fixture.cy)\"] -: Cy Moss was removed",
            "leave \(Fixture.bo) [] -: Bo Lund left",
        ])
        // A code no source names stays unsupported, with its values and a warning.
        #expect(messages.last?.kind == .unsupported(UnsupportedContent(type: "event", raw: .object([
            "Z_PK": .number(9), "ZMESSAGETYPE": .number(6), "ZGROUPEVENTTYPE": .number(99),
        ]))))
        #expect(read[0].warnings == [
            "group/ChatStorage.sqlite: chat 1 (ZWACHATSESSION): 1 message is of a kind transcripts does not know, shown as unsupported: ZMESSAGETYPE 6 with ZGROUPEVENTTYPE 99 (ZWAMESSAGE Z_PK 9)",
        ])
    }

    @Test func notesOfADirectChat() throws {
        let read = try Self.read()
        try #require(read.count == 2)
        let messages = read[1].conversation.messages
        #expect(messages.first?.kind == .system(SystemEvent(text: "Ann Berg's security code changed", actor: Fixture.ann)))
        // A note whose code names nothing stays unsupported, with a warning.
        #expect(messages.last?.kind == .unsupported(UnsupportedContent(type: "event", raw: .object([
            "Z_PK": .number(11), "ZMESSAGETYPE": .number(10), "ZGROUPEVENTTYPE": .number(0),
        ]))))
        #expect(read[1].warnings.count == 1)
    }
}
