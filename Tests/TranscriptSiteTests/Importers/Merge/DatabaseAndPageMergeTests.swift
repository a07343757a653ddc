import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// Merges of the formats read from a database (iMessage's `chat.db`, copied from two Macs) and from pages
/// (Telegram's HTML export, made twice): the same message keeps its id, whatever row or page holds it.
@Suite struct DatabaseAndPageMergeTests {
    typealias IMessage = IMessageTestSupport

    /// A `chat.db` of one direct chat with the messages `numbers` (GUIDs `G<n>`, one a minute), their rows
    /// numbered from `firstRow` (each Mac numbers its own), with the texts `change` gives instead.
    static func chatDatabase(_ numbers: [Int], firstRow: Int, change: [Int: (text: String, edited: Bool)] = [:], name: String) throws -> URL {
        let rows = numbers.enumerated().map { offset, number in
            let text = change[number]?.text ?? "message \(number)"
            let edited = change[number]?.edited == true ? String(IMessage.date("2024-05-02T09:00:00Z")) : "NULL"
            return "(\(firstRow + offset), 'G\(number)', '\(text)', \(number % 2), \(1 - number % 2), \(IMessage.date(String(format: "2024-05-01T10:%02d:00Z", number))), \(edited))"
        }
        return try IMessage.database("""
            INSERT INTO handle (ROWID, id, service) VALUES (1, '+15550001111', 'iMessage');
            INSERT INTO chat (ROWID, guid, style, chat_identifier, display_name) VALUES (1, 'iMessage;-;+15550001111', 45, '+15550001111', '');
            INSERT INTO chat_handle_join VALUES (1, 1);
            INSERT INTO message (ROWID, guid, text, handle_id, is_from_me, date, date_edited) VALUES
              \(rows.joined(separator: ",\n  "));
            INSERT INTO chat_message_join (chat_id, message_id) SELECT 1, ROWID FROM message;
            """, name: name)
    }

    func merged(_ folders: [URL], read: (URL) throws -> [ImportedConversation]) throws -> ConversationMerge.Outcome {
        var parts: [ConversationMerge.Part] = []
        for (position, folder) in folders.enumerated() {
            for imported in try read(folder) {
                parts.append(ConversationMerge.Part(imported: imported, file: "export\(position)", position: position))
            }
        }
        return ConversationMerge.merge(parts)
    }

    @Test func iMessageDatabasesOfTwoMacsMergeByGUID() throws {
        let whole = try IMessage.read(try Self.chatDatabase(Array(0..<10), firstRow: 1, name: "whole"))[0].conversation
        // The older Mac has messages 0–6; the newer one 3–9, without 5 (unsent since) and with 4 edited.
        let older = try Self.chatDatabase(Array(0..<7), firstRow: 1, name: "older")
        let newer = try Self.chatDatabase([3, 4, 6, 7, 8, 9], firstRow: 40, change: [4: ("message 4, corrected", true)], name: "newer")
        let outcome = try merged([newer, older], read: { try IMessage.read($0) })
        let conversation = outcome.imported.conversation
        #expect(conversation.id == whole.id)
        #expect(conversation.messages.map(\.id) == whole.messages.map(\.id))
        #expect(outcome.report.messages == 10)
        #expect(outcome.report.inMoreThanOne == 3)
        #expect(outcome.report.editedBetweenExports == 1)
        #expect(outcome.report.missingFromNewest == 1)
        let edited = try #require(conversation.messages.first { $0.id == "G4" })
        #expect(edited.kind == .text("message 4, corrected"))
        #expect(edited.history?.earlierVersions.map(\.text) == ["message 4"])
        let unsent = try #require(conversation.messages.first { $0.id == "G5" })
        #expect(unsent.kind == .text("message 5"))
        #expect(unsent.history?.missingFrom.count == 1)
        #expect(conversation.messages.filter { $0.history != nil }.map(\.id) == ["G4", "G5"])
    }

    /// A Telegram HTML export (one page) of the messages `numbers` of one chat, in the folder `name`.
    static func telegramPage(_ numbers: [Int], change: [Int: String] = [:], name: String) throws -> URL {
        let messages = numbers.map { number in
            """
            <div class="message default clearfix" id="message\(number)">
             <div class="body">
              <div class="pull_right date details" title="23.08.2023 13:\(String(format: "%02d", number)):00 UTC+02:00">
            13:\(String(format: "%02d", number))
              </div>
              <div class="from_name">
            \(number % 2 == 0 ? "Ann" : "Bob")
              </div>
              <div class="text">
            \(change[number] ?? "message \(number)")
              </div>
             </div>
            </div>
            """
        }
        let folder = try TestSupport.temporaryFolder(name).appendingPathComponent("ChatExport_\(name)")
        try TestSupport.write(["messages.html": TelegramHTMLImporterTests.page(messages.joined(separator: "\n"))], in: folder)
        return folder
    }

    @Test func telegramHTMLExportsMergeByMessageNumber() throws {
        let whole = try TelegramHTMLImporterTests.read(try Self.telegramPage(Array(1...9), name: "whole"))[0].conversation
        let first = try Self.telegramPage(Array(1...6), name: "2023-08-24")
        let second = try Self.telegramPage(Array(4...9), change: [5: "message 5, edited"], name: "2023-09-30")
        let outcome = try merged([first, second], read: TelegramHTMLImporterTests.read)
        let conversation = outcome.imported.conversation
        // The folder names differ (a build joins them in its config, docs/archive.md): the merge keeps the newest's.
        #expect(conversation.id == "ChatExport_2023-09-30")
        #expect(conversation.title == whole.title)
        #expect(conversation.messages.map(\.id) == whole.messages.map(\.id))
        #expect(conversation.messages.map(\.sender) == whole.messages.map(\.sender))
        #expect(outcome.report.messages == 9)
        #expect(outcome.report.inMoreThanOne == 3)
        #expect(outcome.report.editedBetweenExports == 1)
        #expect(conversation.messages.first { $0.id == "5" }?.history?.earlierVersions.map(\.text) == ["message 5"])
    }
}
