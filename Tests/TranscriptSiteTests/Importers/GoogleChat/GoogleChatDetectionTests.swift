import Foundation
import Testing
import ZIPFoundation

@testable import TranscriptImport
@testable import TranscriptModel

/// A Google Chat export is found by its folders and files, from any of its folders or its zip archive, and
/// `transcripts import` writes it in the canonical format.
@Suite struct GoogleChatDetectionTests {
    typealias Support = GoogleChatTestSupport

    static let group = (
        info: #"{"members": [\#(Support.ann), \#(Support.bo)]}"#,
        messages: Support.messages([
            #"{"creator": \#(Support.bo), "created_date": "Monday, January 2, 2023 at 3:04:05 PM UTC", "text": "hi", "topic_id": "a", "message_id": "abc/a/a", "attached_files": [{"original_name": "cat.jpg", "export_name": "File-cat.jpg"}]}"#,
            #"{"creator": \#(Support.ann), "created_date": "Monday, 2 January 2023 at 25:00:00 UTC", "text": "hey", "topic_id": "b", "message_id": "abc/b/b"}"#,
        ]))

    @Test func foundFromEveryFolder() throws {
        let takeout = try Support.takeout(["DM abc": Self.group])
        let chat = takeout.appendingPathComponent("Takeout/Google Chat")
        let registry = ImporterRegistry.builtIn
        for url in [
            takeout, takeout.appendingPathComponent("Takeout"), chat, chat.appendingPathComponent("Groups"),
            chat.appendingPathComponent("Groups/DM abc"), chat.appendingPathComponent("Groups/DM abc/messages.json"),
        ] {
            #expect(registry.detect(url)?.format == "google-chat", "\(url.path)")
            let read = try Support.read(url)
            #expect(read.map(\.conversation.id) == ["DM abc"], "\(url.path)")
            // The owner is known from Users/ whichever folder was given, so the direct message is titled by Bo.
            #expect(read.first?.conversation.title == "Bo Berg", "\(url.path)")
        }
        // Not Google Chat: the Users folder alone, a folder of other JSON, a messages.json without group_info.json.
        try TestSupport.write(["other/messages.json": #"{"messages": []}"#, "other/notes.json": "{}"], in: takeout)
        for url in [chat.appendingPathComponent("Users"), takeout.appendingPathComponent("other"), takeout.appendingPathComponent("other/messages.json")] {
            #expect(!GoogleChatImporter().canImport(url), "\(url.path)")
        }
    }

    @Test func importWritesTheCanonicalFormatFromAZip() throws {
        let takeout = try Support.takeout(["DM abc": Self.group])
        let zip = takeout.appendingPathComponent("takeout-20230102T000000Z-001.zip")
        let archive = try Archive(url: zip, accessMode: .create)
        let base = takeout.appendingPathComponent("Takeout")
        for path in ["Google Chat/Users/User 1/user_info.json", "Google Chat/Groups/DM abc/group_info.json", "Google Chat/Groups/DM abc/messages.json"] {
            try archive.addEntry(with: "Takeout/" + path, relativeTo: base.deletingLastPathComponent())
        }
        let output = takeout.appendingPathComponent("dm.json")
        let conversion = try ExportConverter(timeZone: TimeZone(identifier: "UTC")!).convert(zip, to: output)
        #expect(conversion.written == ["\(output.relativePathForDisplay): 3 messages"])
        #expect(conversion.warnings.count == 2, "\(conversion.warnings)")
        #expect(conversion.warnings.contains {
            $0.hasSuffix("Google Chat/Groups/DM abc/messages.json: at messages[1].created_date: cannot read the date \"Monday, 2 January 2023 at 25:00:00 UTC\" (expected a date such as \"Monday, January 2, 2023 at 3:04:05 PM UTC\"); it is shown at the time of the message before it")
        })
        #expect(conversion.warnings.contains { $0.hasSuffix("1 attachment the chat names is not in the export (shown as placeholders): cat.jpg") })
        let back = try CanonicalReader(defaultTimeZone: TimeZone(identifier: "UTC")!).read(output, displayPath: "dm.json")
        #expect(back.title == "Bo Berg")
        #expect(back.messages.map(\.id) == ["abc/a/a", "abc/a/a-2", "abc/b/b"])
    }

    /// Google Takeout's other archive: a `.tgz`, read by streaming through its gzip and tar.
    @Test func importWritesTheCanonicalFormatFromATgz() throws {
        let takeout = try Support.takeout(["DM abc": Self.group])
        let tgz = takeout.appendingPathComponent("takeout-20230102T000000Z-001.tgz")
        try TestSupport.tar(["-czf", tgz.path, "-C", takeout.path, "Takeout"])
        try FileManager.default.removeItem(at: takeout.appendingPathComponent("Takeout"))
        let output = takeout.appendingPathComponent("dm.json")
        let conversion = try ExportConverter(timeZone: TimeZone(identifier: "UTC")!).convert(tgz, to: output)
        #expect(conversion.written == ["\(output.relativePathForDisplay): 3 messages"])
        #expect(conversion.warnings.contains {
            $0.contains("takeout-20230102T000000Z-001.tgz/Takeout/Google Chat/Groups/DM abc/messages.json: at messages[1].created_date")
        }, "\(conversion.warnings)")
        let back = try CanonicalReader(defaultTimeZone: TimeZone(identifier: "UTC")!).read(output, displayPath: "dm.json")
        #expect(back.title == "Bo Berg")
        #expect(back.messages.map(\.id) == ["abc/a/a", "abc/a/a-2", "abc/b/b"])
    }
}
