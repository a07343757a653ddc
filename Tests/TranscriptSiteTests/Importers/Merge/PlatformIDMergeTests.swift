import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// Overlapping exports of formats whose messages have the platform's ids (Messenger's timestamps, Matrix's
/// event ids), cut from one history and merged: every message once, with the ids of a single export of it all.
@Suite struct PlatformIDMergeTests {
    func merged(_ importer: any ExportImporter, file: String, _ texts: [String]) throws -> ConversationMerge.Outcome {
        let root = try TestSupport.temporaryFolder()
        var parts: [ConversationMerge.Part] = []
        for (position, text) in texts.enumerated() {
            let url = root.appendingPathComponent("export\(position)/" + file)
            try TestSupport.write(["export\(position)/" + file: text], in: root)
            try importer.importConversations(
                from: ExportSource(url: url, displayPath: "export\(position)"), context: ImportContext(timeZone: TimeZone(identifier: "UTC")!)
            ) { parts.append(ConversationMerge.Part(imported: $0, file: "export\(position)", position: position)) }
        }
        return ConversationMerge.merge(parts)
    }

    @Test func messengerThreadsOfOnePathMerge() throws {
        // Messenger writes the newest message first.
        let messages = (0..<9).map { #"{"sender_name":"\#($0 % 2 == 0 ? "Ann" : "Bob")","timestamp_ms":\#(1_700_000_000_000 + $0 * 60_000),"content":"m\#($0)"}"# }
        let thread = { (range: Range<Int>) in MessengerTestSupport.thread(range.reversed().map { messages[$0] }) }
        let whole = try merged(MessengerImporter(), file: "message_1.json", [thread(0..<9)])
        let outcome = try merged(MessengerImporter(), file: "message_1.json", [thread(5..<9), thread(0..<6)])
        #expect(outcome.imported.conversation.messages == whole.imported.conversation.messages)
        #expect(outcome.report.messages == 9)
        #expect(outcome.report.inMoreThanOne == 1)
    }

    @Test func matrixRoomsMergeByEventID() throws {
        let events = (0..<8).map { number in
            MatrixImporterTests.event(
                "$e\(number)", "m.room.message", at: 1_705_235_760_000 + number * 60_000,
                content: #"{"msgtype":"m.text","body":"hello \#(number)"}"#)
        }
        let export = { (range: Range<Int>) in MatrixImporterTests.export(Array(events[range])) }
        let whole = try merged(MatrixImporter(), file: "matrix - Pov - Chat Export.json", [export(0..<8)])
        let outcome = try merged(MatrixImporter(), file: "matrix - Pov - Chat Export.json", [export(3..<8), export(0..<5), export(0..<8)])
        #expect(outcome.imported.conversation.messages.map(\.id) == whole.imported.conversation.messages.map(\.id))
        #expect(outcome.report.messages == 8)
        #expect(outcome.report.inMoreThanOne == 8)
        #expect(outcome.report.exports.count == 3)
    }

    @Test func discordChatExporterFilesOfOneChannelMergeByMessageID() throws {
        // A yearly export of #general: the later one has message 5 edited and message 4 deleted since.
        let message = { (number: Int, text: String, edited: Bool) in
            DCE.message(
                "90\(number)", String(format: "2024-01-01T10:%02d:00+00:00", number), text, author: number % 2 == 0 ? DCE.ann : DCE.bob,
                extra: edited ? #""timestampEdited": "2024-06-01T09:00:00+00:00""# : "")
        }
        let export = { (numbers: [Int], edits: [Int: String]) in
            DCE.file(messages: numbers.map { message($0, edits[$0] ?? "message \($0)", edits[$0] != nil) })
        }
        let file = "Example guild - general [200].json"
        let whole = try merged(DiscordImporter(), file: file, [export(Array(0..<9), [:])])
        let outcome = try merged(DiscordImporter(), file: file, [export([3, 5, 6, 7, 8], [5: "message 5, corrected"]), export(Array(0..<6), [:])])
        let conversation = outcome.imported.conversation
        #expect(conversation.id == whole.imported.conversation.id)
        #expect(conversation.messages.map(\.id) == whole.imported.conversation.messages.map(\.id))
        #expect(outcome.report.messages == 9)
        #expect(outcome.report.inMoreThanOne == 2)
        #expect(outcome.report.editedBetweenExports == 1)
        #expect(outcome.report.missingFromNewest == 1)
        #expect(conversation.messages.first { $0.id == "904" }?.history?.missingFrom.count == 1)
        #expect(conversation.messages.first { $0.id == "905" }?.history?.earlierVersions.map(\.text) == ["message 5"])
    }

    @Test func mattermostChannelsMergeByTimeAndAuthor() throws {
        let posts = (0..<8).map { number in
            #"{"type":"post","post":{"team":"t","channel":"general","user":"\#(number % 2 == 0 ? "ann" : "bo")","message":"post \#(number)","create_at":\#(1_700_000_000_000 + number * 60_000)}}"#
        }
        let export = { (range: Range<Int>) in
            ([#"{"type":"version","version":1}"#] + MattermostTestSupport.setup + posts[range]).joined(separator: "\n") + "\n"
        }
        let whole = try merged(MattermostImporter(), file: "export.jsonl", [export(0..<8)])
        let outcome = try merged(MattermostImporter(), file: "export.jsonl", [export(4..<8), export(0..<6)])
        #expect(outcome.imported.conversation.messages == whole.imported.conversation.messages)
        #expect(outcome.report.messages == 8)
        #expect(outcome.report.inMoreThanOne == 2)
    }

    @Test func googleChatMessagesWithoutIDsGetTheSameIDsInEveryExport() throws {
        typealias Support = GoogleChatTestSupport
        let messages = (0..<6).map { number in
            #"{"creator": \#(number % 2 == 0 ? Support.ann : Support.bo), "created_date": "Monday, January 2, 2023 at 3:0\#(number):00 PM UTC", "text": "\#(number < 3 ? "ok" : "message \(number)")"}"#
        }
        let info = #"{"members": [\#(Support.ann), \#(Support.bo)]}"#
        func ids(_ range: Range<Int>, name: String) throws -> [String] {
            let folder = try Support.takeout(["DM abc": (info, Support.messages(Array(messages[range])))], name: name)
            return try Support.read(folder).first?.conversation.messages.map(\.id) ?? []
        }
        let whole = try ids(0..<6, name: "whole")
        #expect(Set(whole).count == 6)
        #expect(try ids(2..<6, name: "cut") == Array(whole[2...]))
        #expect(whole.allSatisfy { $0.utf8.count == 12 })
    }
}
