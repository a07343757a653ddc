import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport
@testable import TranscriptModel

/// Detection looks at a file's structure, never at what its strings hold (issue 15, class 8): exports whose
/// messages hold HTML, JSON fragments or another format's key names, and whose titles and names are 100 KB long,
/// are read as their format.
@Suite struct DetectionByStructureTests {
    /// 100 KB of text that looks like other formats' markers.
    static let long = String(repeating: "\\\"messages\\\": [{\\\"guild\\\": {}, \\\"date_unixtime\\\": 1} <b>x</b> ", count: 1800)
    /// Message texts that hold HTML, JSON and every format's keys.
    static let hostile = [
        #"<div class=\"message\"><script>alert(1)</script></div>"#,
        #"{\"format\": \"transcripts/1\", \"id\": \"x\", \"messages\": []}"#,
        #"\"guild\": {\"id\": \"1\"}, \"channel\": {\"id\": \"2\"}, \"messages\": []"#,
        #"\"personal_information\": {}, \"chats\": {\"list\": []}, \"date_unixtime\": \"1\", \"from_id\": \"user1\""#,
        #"\"participants\": [], \"timestamp_ms\": 1, \"sender_name\": \"x\", \"thread_path\": \"inbox/x\""#,
        #"\"room_creator\": \"@a:b\", \"exported_by\": \"@a:b\", \"origin_server_ts\": 1, \"event_id\": \"$1\""#,
        #"{\"type\":\"version\",\"version\":1}"#,
    ]

    static func detectAndRead(_ files: [String: String], input: String, name: String = #function) throws -> (format: String?, conversations: [Conversation]) {
        let folder = try TestSupport.temporaryFolder(name)
        try TestSupport.write(files, in: folder)
        let url = folder.appendingPathComponent(input)
        guard let importer = ImporterRegistry.builtIn.detect(url) else { return (nil, []) }
        var conversations: [Conversation] = []
        try importer.importConversations(
            from: ExportSource(url: url, displayPath: input), context: ImportContext(timeZone: TimeZone(identifier: "UTC")!)
        ) { conversations.append($0.conversation) }
        return (importer.format, conversations)
    }

    @Test func telegramWithALongTitleAndHostileMessages() throws {
        let messages = Self.hostile.enumerated().map { index, text in
            #"{"id": \#(index + 1), "type": "message", "date": "2024-01-01T10:00:00", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "\#(text)"}"#
        }
        let json = #"{"name": "\#(Self.long)", "type": "personal_chat", "id": 1, "messages": [\#(messages.joined(separator: ",\n"))]}"#
        let read = try Self.detectAndRead(["result.json": json], input: "result.json")
        #expect(read.format == "telegram")
        #expect(read.conversations.first?.messages.count == Self.hostile.count)
        #expect(read.conversations.first?.title.count == 100_800)
        #expect(read.conversations.first?.messages[0].kind == .text("<div class=\"message\"><script>alert(1)</script></div>"))
    }

    @Test func telegramAccountWithALongAboutText() throws {
        let json = #"{"about": "\#(Self.long)", "personal_information": {"first_name": "\#(Self.long)"}, "chats": {"about": "x", "list": [{"name": "Ann", "type": "personal_chat", "id": 1, "messages": [{"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "\#(Self.hostile[2])"}]}]}}"#
        let read = try Self.detectAndRead(["result.json": json], input: "result.json")
        #expect(read.format == "telegram")
        #expect(read.conversations.map(\.title) == ["Ann"])
    }

    @Test func messengerWithLongNamesAndHostileMessages() throws {
        let messages = Self.hostile.enumerated().map { index, text in
            #"{"sender_name": "\#(Self.long)", "timestamp_ms": \#(1_704_103_200_000 - index * 1000), "content": "\#(text)"}"#
        }
        let json = #"{"participants": [{"name": "\#(Self.long)"}, {"name": "Bob"}], "messages": [\#(messages.joined(separator: ",\n"))], "title": "\#(Self.long)", "thread_path": "inbox/x_1"}"#
        let read = try Self.detectAndRead(["x_1/message_1.json": json], input: "x_1/message_1.json")
        #expect(read.format == "messenger")
        #expect(read.conversations.first?.messages.count == Self.hostile.count)
        #expect(read.conversations.first?.id == "inbox/x_1")
    }

    /// A Discord export whose messages hold canonical-looking JSON (and whose guild's name is 100 KB) is Discord's,
    /// not taken for the canonical format.
    @Test func discordWithCanonicalLookingText() throws {
        let messages = Self.hostile.enumerated().map { index, text in
            #"{"id": "\#(index + 10)", "type": "Default", "timestamp": "2023-01-06T14:0\#(index):03+00:00", "content": "\#(text)", "author": {"id": "4", "name": "ann"}}"#
        }
        let json = #"{"guild": {"id": "1", "name": "\#(Self.long)"}, "channel": {"id": "2", "type": "GuildTextChat", "name": "general"}, "messages": [\#(messages.joined(separator: ",\n"))]}"#
        let read = try Self.detectAndRead(["general.json": json], input: "general.json")
        #expect(read.format == "discord")
        #expect(read.conversations.first?.messages.count == Self.hostile.count)
        #expect(read.conversations.first?.title == "#general")
    }

    @Test func matrixWithALongRoomName() throws {
        let messages = Self.hostile.enumerated().map { index, text in
            #"{"type": "m.room.message", "event_id": "$\#(index)", "sender": "@ann:x.org", "origin_server_ts": \#(1_704_103_200_000 + index), "content": {"msgtype": "m.text", "body": "\#(text)"}}"#
        }
        let json = #"{"room_name": "\#(Self.long)", "room_creator": "@ann:x.org", "topic": "\#(Self.long)", "export_date": "1/1/2024", "exported_by": "@ann:x.org", "messages": [\#(messages.joined(separator: ",\n"))]}"#
        let read = try Self.detectAndRead(["room.json": json], input: "room.json")
        #expect(read.format == "matrix")
        #expect(read.conversations.first?.messages.count == Self.hostile.count)
    }

    /// Our own format with other formats' keys in its texts and a 100 KB title.
    @Test func canonicalWithOtherFormatsKeysInItsText() throws {
        let messages = Self.hostile.enumerated().map { index, text in
            #"{"id": "\#(index)", "sender": "ann", "date": "2024-01-01T10:00:0\#(index)Z", "text": "\#(text)"}"#
        }
        for withFormat in [true, false] {
            let json = #"{\#(withFormat ? #""format": "transcripts/1", "# : "")"id": "chat", "title": "\#(Self.long)", "messages": [\#(messages.joined(separator: ",\n"))]}"#
            let read = try Self.detectAndRead(["chat.json": json], input: "chat.json", name: "canonical-\(withFormat)")
            #expect(read.format == "transcripts")
            #expect(read.conversations.first?.messages.count == Self.hostile.count)
        }
    }

    /// Mattermost's first line decides, whatever its posts hold.
    @Test func mattermostWithHostilePosts() throws {
        let posts = Self.hostile.enumerated().map { index, text in
            #"{"type":"post","post":{"team":"t","channel":"general","user":"ann","message":"\#(text)","create_at":\#(1_704_103_200_000 + index)}}"#
        }
        let lines = [#"{"type":"version","version":1}"#, #"{"type":"channel","channel":{"team":"t","name":"general","display_name":"\#(Self.long)","type":"O"}}"#] + posts
        let read = try Self.detectAndRead(["export.jsonl": lines.joined(separator: "\n") + "\n"], input: "export.jsonl")
        #expect(read.format == "mattermost")
        #expect(read.conversations.first?.messages.count == Self.hostile.count)
    }

    /// A WhatsApp chat whose first message is JSON and HTML is still a WhatsApp chat.
    @Test func whatsAppWhoseFirstMessageIsJSON() throws {
        let text = """
            12/01/2023, 10:00 - Ann: {"format": "transcripts/1", "id": "x", "messages": [{"guild": {}}]}
            12/01/2023, 10:01 - Bob: <div class="message">hi</div>

            """
        let read = try Self.detectAndRead(["chat.txt": text], input: "chat.txt")
        #expect(read.format == "whatsapp")
        #expect(read.conversations.first?.messages.count == 2)
    }

    /// The outline steps over strings of any length and keeps what tells formats apart.
    @Test func theOutlineSeesKeysNotStrings() throws {
        var text = #"{"name": "\#(Self.long)", "type": "personal_chat", "messages": [{"id": 1, "text": "\"guild\": {}"}, {"id": 2}]}"#
        let outline = text.withUTF8 { JSONOutline($0) }
        #expect(outline.root?.keys == ["name", "type", "messages"])
        #expect(outline.root?["type"]?.text == "personal_chat")
        #expect(outline.root?["name"]?.text == nil)
        #expect(outline.root?["messages"]?.first?.keys == ["id", "text"])
        #expect(outline.root?.isComplete == true)
        #expect(!outline.isBroken)
        // A list longer than the budget: its first element is read, and reading stops there.
        var big = #"{"type": "personal_chat", "messages": ["# + String(repeating: #"{"id": 1},"#, count: 1000) + #"{"id": 2}], "after": 1}"#
        let stopped = big.withUTF8 { JSONOutline($0, budget: 1000) }
        #expect(stopped.root?.keys == ["type", "messages"])
        #expect(stopped.root?["messages"]?.first?.keys == ["id"])
        #expect(stopped.root?.isComplete == false)
        #expect(!stopped.isBroken)
    }
}
