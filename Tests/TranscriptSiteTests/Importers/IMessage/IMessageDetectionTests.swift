import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite

/// A Messages database is found by its SQLite header and its tables, from the file or its folder; bad input is
/// an error naming the file; `transcripts import` and a build read it.
@Suite struct IMessageDetectionTests {
    typealias Support = IMessageTestSupport

    static let rows = """
        INSERT INTO handle (ROWID, id, service) VALUES (1, '+15550001111', 'iMessage');
        INSERT INTO chat (ROWID, guid, style, chat_identifier, display_name) VALUES (1, 'iMessage;-;+15550001111', 45, '+15550001111', NULL);
        INSERT INTO chat_handle_join VALUES (1, 1);
        INSERT INTO message (ROWID, guid, text, handle_id, is_from_me, date) VALUES
          (1, 'M1', 'hi', 1, 0, 736329600000000000), (2, 'M2', char(65532), 0, 1, 736329660000000000);
        INSERT INTO chat_message_join (chat_id, message_id) VALUES (1, 1), (1, 2);
        INSERT INTO attachment (ROWID, guid, original_guid, filename, mime_type, transfer_name) VALUES
          (1, 'A1', 'A1', '~/Library/Messages/Attachments/aa/00/A1/cat.jpg', 'image/jpeg', 'cat.jpg');
        INSERT INTO message_attachment_join VALUES (2, 1);
        """

    @Test func foundByHeaderAndTables() throws {
        let folder = try Support.database(Self.rows)
        let database = folder.appendingPathComponent("chat.db")
        let copy = folder.appendingPathComponent("backup.sqlite")
        try FileManager.default.copyItem(at: database, to: copy)
        let registry = ImporterRegistry.builtIn
        for url in [folder, database, copy] {
            #expect(registry.detect(url)?.format == "imessage", "\(url.path)")
        }
        // Not Messages: a SQLite file of other tables, a text file, a folder without chat.db.
        let other = folder.appendingPathComponent("other.db")
        try SQLiteDatabase.openForWriting(other).execute("CREATE TABLE notes (id INTEGER, text TEXT)")
        try TestSupport.write(["notes.txt": "SQLite format 2", "empty/readme.md": "x"], in: folder)
        for url in [other, folder.appendingPathComponent("notes.txt"), folder.appendingPathComponent("empty")] {
            #expect(!IMessageImporter().canImport(url), "\(url.path)")
        }
    }

    /// A chat.db that is not SQLite, one without the Messages tables and a damaged one are errors naming it.
    @Test func badDatabasesAreErrorsNamingTheFile() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["text/chat.db": "hello, not a database"], in: folder)
        #expect(Support.error(folder.appendingPathComponent("text")) == "text/chat.db: not a Messages database: not a SQLite database (it does not start with \"SQLite format 3\")")

        let tables = folder.appendingPathComponent("tables")
        try FileManager.default.createDirectory(at: tables, withIntermediateDirectories: true)
        try SQLiteDatabase.openForWriting(tables.appendingPathComponent("chat.db")).execute("CREATE TABLE message (ROWID INTEGER PRIMARY KEY, text TEXT); CREATE TABLE chat (ROWID INTEGER)")
        #expect(IMessageImporter().canImport(tables.appendingPathComponent("chat.db")))
        #expect(Support.error(tables) == "tables/chat.db: not a Messages database: it has no handle, chat_message_join tables (a chat.db has message, chat, handle and chat_message_join)")

        let damaged = folder.appendingPathComponent("damaged")
        try FileManager.default.createDirectory(at: damaged, withIntermediateDirectories: true)
        var bytes = Array("SQLite format 3\0".utf8)
        bytes += [UInt8](repeating: 0xA5, count: 4080)
        try Data(bytes).write(to: damaged.appendingPathComponent("chat.db"))
        let error = try #require(Support.error(damaged))
        #expect(error.hasPrefix("damaged/chat.db: cannot read the Messages database (SQLite: "), "\(error)")
    }

    /// `transcripts import` writes the canonical JSON, with the attachments looked up in `attachmentsRoot` and
    /// the missing ones named.
    @Test func importWritesTheCanonicalFormat() throws {
        let folder = try Support.database(Self.rows, extra: ["Backup/Attachments/aa/00/A1/cat.jpg": "JPEG"])
        let output = folder.appendingPathComponent("chat.json")
        let converter = ExportConverter(timeZone: TimeZone(identifier: "UTC")!)
        let plain = try converter.convert(folder.appendingPathComponent("chat.db"), to: output)
        #expect(plain.written == ["\(output.relativePathForDisplay): 2 messages"])
        #expect(plain.warnings == ["\(folder.relativePathForDisplay)/chat.db: 1 media file is named but not in the export: Attachments/aa/00/A1/cat.jpg"])

        let registry = try ImporterRegistry.builtIn.configured(with: [
            "imessage": ImporterOptions(["attachmentsRoot": .string("Backup")], folder: folder),
        ])
        let rooted = try ExportConverter(registry: registry, timeZone: TimeZone(identifier: "UTC")!).convert(folder, to: output)
        #expect(rooted.warnings.isEmpty, "\(rooted.warnings)")
        let back = try CanonicalReader(defaultTimeZone: TimeZone(identifier: "UTC")!).read(output, displayPath: "chat.json")
        #expect(back.title == "+15550001111")
        #expect(back.messages.map(\.id) == ["M1", "M2"])
        #expect(back.messages.last?.kind == .photo(MediaItem(file: "Attachments/aa/00/A1/cat.jpg", mimeType: "image/jpeg")))
    }

    /// A site whose config names the database and the contacts (relative to the site) builds, with the counts
    /// in the summary.
    @Test func siteBuildReadsTheDatabase() throws {
        let site = try Support.database(Self.rows, extra: [
            "transcripts.yml": "title: Messages\nme: me\ninputs: [chat.db]\nformats:\n  imessage:\n    contacts: people.yml\n",
            "people.yml": "\"+15550001111\": Bo Berg\n",
            "Attachments/aa/00/A1/cat.jpg": "JPEG",
        ])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.report.contains("1 conversation"), "\(summary.report)")
        #expect(summary.report.contains("2 messages"), "\(summary.report)")
        #expect(summary.report.contains("Bo Berg"), "\(summary.report)")
    }
}
