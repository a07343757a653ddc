import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// Google Chat's Takeout export into the model: conversations, messages and what they carry.
@Suite struct GoogleChatImporterTests {
    typealias Support = GoogleChatTestSupport

    /// Each message as compact canonical JSON, for exact comparisons.
    static func expectLines(_ conversation: Conversation, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = try lines(conversation)
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (line, wanted) in zip(actual, expected) { #expect(line == wanted, sourceLocation: sourceLocation) }
    }

    static func lines(_ conversation: Conversation) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try conversation.messages.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
    }

    static let dm = (
        info: #"{"members": [\#(Support.ann), \#(Support.bo)]}"#,
        messages: Support.messages([
            #"{"creator": \#(Support.ann), "created_date": "Monday, January 2, 2023 at 3:04:05 PM UTC", "text": "Hi *Bo*, see _this_", "topic_id": "t1", "message_id": "abc/t1/t1", "reactions": [{"emoji": {"unicode": "👍"}, "reactor_emails": ["bo@example.com", "dee@example.com"]}]}"#,
            #"{"creator": \#(Support.bo), "created_date": "Monday, January 2, 2023 at 3:05:00\u202fPM UTC", "text": "look", "topic_id": "t2", "message_id": "abc/t2/t2", "attached_files": [{"original_name": "photo.jpg", "export_name": "File-photo.jpg"}, {"original_name": "report.pdf", "export_name": "File-report.pdf"}]}"#,
            #"{"creator": \#(Support.ann), "created_date": "Monday, January 2, 2023 at 3:06:00 PM UTC", "text": "nice", "topic_id": "t3", "message_id": "abc/t3/t3", "quoted_message_metadata": {"creator": \#(Support.bo), "text": "look"}}"#,
            #"{"creator": {"name": "Ann Lee", "user_type": "Human"}, "created_date": "Monday, January 2, 2023 at 3:07:00 PM UTC", "text": "agreed", "topic_id": "t4", "message_id": "abc/t4/t4", "quoted_message_metadata": {"creator": \#(Support.cy), "text": "old *news*"}}"#,
            #"{"creator": \#(Support.bo), "created_date": "Monday, January 2, 2023 at 3:08:00 PM UTC", "updated_date": "Monday, January 2, 2023 at 3:09:30 PM UTC", "text": "fixed", "topic_id": "t5", "message_id": "abc/t5/t5"}"#,
            #"{"creator": \#(Support.bo), "created_date": "Monday, January 2, 2023 at 3:10:00 PM UTC", "deleted_date": "Monday, January 2, 2023 at 3:11:00 PM UTC", "message_state": "DELETED", "topic_id": "t6", "message_id": "abc/t6/t6"}"#,
            #"{"creator": \#(Support.ann), "created_date": "yesterday", "text": "when?", "topic_id": "t7", "message_id": "abc/t7/t7"}"#,
        ]))

    @Test func directMessages() throws {
        let takeout = try Support.takeout(["DM abc": Self.dm], extra: ["Groups/DM abc/File-photo.jpg": "JPEG"])
        let read = try Support.read(takeout)
        try #require(read.count == 1)
        let conversation = read[0].conversation
        #expect(conversation.id == "DM abc")
        // Direct messages have no name: titled by the other member (the owner is Ann, from user_info.json).
        #expect(conversation.title == "Bo Berg")
        #expect(conversation.kind == .direct)
        #expect(conversation.participants == [
            Participant(id: "ann@example.com", name: "Ann Lee"), Participant(id: "bo@example.com", name: "Bo Berg"),
            Participant(id: "dee@example.com", name: "dee@example.com"), Participant(id: "cy@example.com", name: "Cy Dee"),
        ])
        try Self.expectLines(conversation, [
            #"{"date":"2023-01-02T15:04:05Z","id":"abc/t1/t1","markdown":"Hi ![Bo](transcripts:bold)\\, see ![this](transcripts:italic)","reactions":[{"by":["bo@example.com","dee@example.com"],"count":2,"emoji":"👍"}],"sender":"ann@example.com","type":"markdown"}"#,
            #"{"date":"2023-01-02T15:05:00Z","id":"abc/t2/t2","sender":"bo@example.com","text":"look","type":"text"}"#,
            #"{"date":"2023-01-02T15:05:00Z","id":"abc/t2/t2-2","photo":{"file":"File-photo.jpg","name":"photo.jpg"},"sender":"bo@example.com","type":"photo"}"#,
            #"{"date":"2023-01-02T15:05:00Z","file":{"name":"report.pdf"},"id":"abc/t2/t2-3","sender":"bo@example.com","type":"file"}"#,
            #"{"date":"2023-01-02T15:06:00Z","id":"abc/t3/t3","replyTo":"abc/t2/t2","sender":"ann@example.com","text":"nice","type":"text"}"#,
            #"{"date":"2023-01-02T15:07:00Z","id":"abc/t4/t4","markdown":"> ![Cy Dee](transcripts:bold)\\: old \\*news\\*\n\nagreed","sender":"ann@example.com","type":"markdown"}"#,
            #"{"date":"2023-01-02T15:08:00Z","edited":"2023-01-02T15:09:30Z","id":"abc/t5/t5","sender":"bo@example.com","text":"fixed","type":"text"}"#,
            #"{"date":"2023-01-02T15:10:00Z","deleted":true,"id":"abc/t6/t6","sender":"bo@example.com","text":"","type":"text"}"#,
            #"{"date":"2023-01-02T15:10:00Z","id":"abc/t7/t7","sender":"ann@example.com","text":"when?","type":"text"}"#,
        ])
        // The date that cannot be read is a warning with the file and the JSON path; the message is kept.
        #expect(read[0].warnings == [
            #"\#(takeout.lastPathComponent)/Takeout/Google Chat/Groups/DM abc/messages.json: at messages[6].created_date: cannot read the date "yesterday" (expected a date such as "Monday, January 2, 2023 at 3:04:05 PM UTC"); it is shown at the time of the message before it"#,
        ])
        // The attachment that is not there is named by the missing-media report.
        #expect(MissingMedia.notIncluded(in: conversation) == ["report.pdf"])
    }

    static let space = (
        info: #"{"name": "Team", "members": [\#(Support.ann), \#(Support.bo), \#(Support.cy)]}"#,
        messages: Support.messages([
            #"{"creator": \#(Support.bo), "created_date": "Tuesday, 14 March 2023 at 09:00:00 UTC", "text": "plan?", "topic_id": "T1", "message_id": "xyz/T1/T1"}"#,
            #"{"creator": \#(Support.cy), "created_date": "Tuesday, 14 March 2023 at 09:01:00 UTC", "text": "https://example.com/plan", "topic_id": "T2", "message_id": "xyz/T2/T2", "annotations": [{"start_index": 0, "length": 24, "url_metadata": {"title": "The plan", "snippet": "What we do", "image_url": "https://example.com/p.png", "url": {"private_do_not_access_or_else_safe_url_wrapped_value": "https://example.com/plan"}}}]}"#,
            #"{"creator": \#(Support.ann), "created_date": "Tuesday, 14 March 2023 at 09:02:00 UTC", "text": "in the thread", "topic_id": "T1", "message_id": "xyz/T1/R1"}"#,
            #"{"creator": \#(Support.ann), "created_date": "Tuesday, 14 March 2023 at 09:03:00 UTC", "topic_id": "T3", "message_id": "xyz/T3/T3", "annotations": [{"start_index": 0, "length": 0, "video_call_metadata": {"meeting_space": {"meeting_url": "https://meet.google.com/abc-defg-hij"}}}]}"#,
            #"{"creator": \#(Support.bo), "created_date": "Tuesday, 14 March 2023 at 09:04:00 UTC", "topic_id": "T4", "message_id": "xyz/T4/T4", "hologram": {"x": 1}}"#,
            #"{"creator": \#(Support.bo), "created_date": "Tuesday, 14 March 2023 at 09:05:00 UTC", "text": "done", "topic_id": "T5", "message_id": "xyz/T5/T5", "poll": {"question": "?"}, "annotations": [{"start_index": 0, "length": 0, "gsuite_integration_metadata": {"tasks_data": {"task_properties": {"title": "Ship it", "completed": true}}}}]}"#,
        ]))

    @Test func spaceWithThreadsLinksAndUnknownContent() throws {
        let takeout = try Support.takeout(["Space xyz": Self.space])
        let conversation = try #require(try Support.read(takeout).first).conversation
        #expect(conversation.title == "Team")
        #expect(conversation.kind == .group)
        #expect(conversation.participants.map(\.id) == ["ann@example.com", "bo@example.com", "cy@example.com"])
        try Self.expectLines(conversation, [
            #"{"date":"2023-03-14T09:00:00Z","id":"xyz/T1/T1","sender":"bo@example.com","text":"plan?","type":"text"}"#,
            #"{"date":"2023-03-14T09:01:00Z","id":"xyz/T2/T2","linkPreview":{"description":"What we do","title":"The plan","url":"https://example.com/plan"},"sender":"cy@example.com","type":"linkPreview"}"#,
            #"{"date":"2023-03-14T09:02:00Z","id":"xyz/T1/R1","sender":"ann@example.com","text":"in the thread","thread":"xyz/T1/T1","type":"text"}"#,
            #"{"date":"2023-03-14T09:03:00Z","id":"xyz/T3/T3","linkPreview":{"siteName":"Google Meet","title":"Video call","url":"https://meet.google.com/abc-defg-hij"},"sender":"ann@example.com","type":"linkPreview"}"#,
            #"{"date":"2023-03-14T09:04:00Z","id":"xyz/T4/T4","sender":"bo@example.com","type":"unsupported","unsupported":{"raw":{"created_date":"Tuesday, 14 March 2023 at 09:04:00 UTC","creator":{"email":"Bo@Example.com","name":"Bo Berg","user_type":"Human"},"hologram":{"x":1},"message_id":"xyz/T4/T4","topic_id":"T4"},"type":"message"}}"#,
            #"{"date":"2023-03-14T09:05:00Z","id":"xyz/T5/T5","sender":"bo@example.com","text":"done","type":"text"}"#,
            #"{"date":"2023-03-14T09:05:00Z","id":"xyz/T5/T5-2","sender":"bo@example.com","type":"unsupported","unsupported":{"raw":{"gsuite_integration_metadata":{"tasks_data":{"task_properties":{"completed":true,"title":"Ship it"}}},"length":0,"start_index":0},"type":"gsuite_integration_metadata"}}"#,
            #"{"date":"2023-03-14T09:05:00Z","id":"xyz/T5/T5-3","sender":"bo@example.com","type":"unsupported","unsupported":{"raw":{"poll":{"question":"?"}},"type":"fields"}}"#,
        ])
    }

    /// A group of three without a name is a group titled by the others; groups without messages are left out;
    /// conversations come in the order of their folders' names.
    @Test func groupDirectMessagesAndEmptyGroups() throws {
        let takeout = try Support.takeout([
            "DM zzz": (#"{"members": [\#(Support.ann), \#(Support.bo), \#(Support.cy)]}"#, Support.messages([
                #"{"creator": \#(Support.cy), "created_date": "Monday, January 2, 2023 at 3:04:05 PM UTC", "text": "hey all", "topic_id": "a", "message_id": "zzz/a/a"}"#,
            ])),
            "DM aaa": (#"{"members": [\#(Support.ann), \#(Support.bo)]}"#, Support.messages([])),
        ], extra: ["Groups/DM bbb/group_info.json": #"{"members": [\#(Support.ann), \#(Support.cy)]}"#])
        let read = try Support.read(takeout)
        #expect(read.map(\.conversation.id) == ["DM zzz"])
        #expect(read.first?.conversation.title == "Bo Berg, Cy Dee")
        #expect(read.first?.conversation.kind == .group)
    }

    /// Takeout writes a `?` of an attachment's name as `_` on disk, adds `.jpg` to a name without an
    /// extension, and numbers the files of attachments of the same name: `File-image.png`, `File-image(1).png`.
    @Test func attachmentFileNames() throws {
        let takeout = try Support.takeout([
            "DM abc": (#"{"members": [\#(Support.ann), \#(Support.bo)]}"#, Support.messages([
                #"{"creator": \#(Support.bo), "created_date": "Monday, January 2, 2023 at 3:04:05 PM UTC", "attached_files": [{"original_name": "4926929847130562072?account_id=3.png", "export_name": "File-4926929847130562072?account_id\u003d3.png"}], "topic_id": "a", "message_id": "abc/a/a"}"#,
                #"{"creator": \#(Support.bo), "created_date": "Monday, January 2, 2023 at 3:04:06 PM UTC", "attached_files": [{"export_name": "../../secret.mp4"}], "topic_id": "b", "message_id": "abc/b/b"}"#,
                #"{"creator": \#(Support.bo), "created_date": "Monday, January 2, 2023 at 3:04:07 PM UTC", "attached_files": [{"export_name": "File-image.png"}, {"export_name": "File-image.png"}, {"export_name": "File-noext"}], "topic_id": "c", "message_id": "abc/c/c"}"#,
            ])),
        ], extra: [
            "Groups/DM abc/File-4926929847130562072_account_id=3.png": "PNG", "secret.mp4": "x", "Groups/DM abc/File-image.png": "1",
            "Groups/DM abc/File-image(1).png": "2", "Groups/DM abc/File-noext.jpg": "3",
        ])
        let messages = try #require(try Support.read(takeout).first).conversation.messages
        #expect(messages.map(\.kind) == [
            .photo(MediaItem(file: "File-4926929847130562072_account_id=3.png", name: "4926929847130562072?account_id=3.png")),
            .video(MediaItem(name: "../../secret.mp4")),
            .photo(MediaItem(file: "File-image.png")), .photo(MediaItem(file: "File-image(1).png", name: "File-image.png")),
            .photo(MediaItem(file: "File-noext.jpg", name: "File-noext")),
        ])
    }

    @Test func badInputNamesTheFileAndPath() throws {
        func error(_ messages: String, info: String = #"{"members": []}"#, name: String = #function) throws -> String? {
            let takeout = try Support.takeout(["DM abc": (info, messages)], name: name)
            return Support.error(takeout).map { $0.replacingOccurrences(of: takeout.lastPathComponent + "/Takeout/Google Chat/Groups/", with: "") }
        }
        #expect(try error(#"{"messages": [{"creator": "Ann", "text": "hi"}]}"#)
            == "DM abc/messages.json:1:27: at messages[0].creator: expected an object, found the string \"Ann\"")
        #expect(try error(#"{"messages": {"text": "hi"}}"#)
            == "DM abc/messages.json:1:14: at messages: expected a list of messages, found an object")
        let missing = try error(#"{"chats": []}"#)
        #expect(missing == "DM abc/messages.json:1:1: at messages: \"messages\" is required but missing")
        #expect(try error("{\n  \"messages\": [\n    {\"text\": \"hi\",}\n  ]\n}")
            == "DM abc/messages.json:3:19: at messages[0]: invalid JSON at byte offset 36: expected a key in quotes")
        #expect(try error(#"{"messages": [{"text": "hi", "reactions": [{"emoji": {"unicode": "👍"}, "reactor_emails": [7]}]}]}"#)
            == "DM abc/messages.json:1:91: at messages[0].reactions[0].reactor_emails[0]: expected a string, found the number 7")
        #expect(try error(Support.messages([]), info: #"{"name": "X", "members": {"name": "Ann"}}"#)
            == "DM abc/group_info.json:1:26: at members: expected a list of members, found an object")
    }
}
