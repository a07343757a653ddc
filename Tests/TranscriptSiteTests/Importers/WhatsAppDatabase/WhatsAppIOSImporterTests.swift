import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// WhatsApp for iOS's `ChatStorage.sqlite` outside a backup: the app group's folder, media under `Message/`.
@Suite struct WhatsAppIOSImporterTests {
    typealias Fixture = WhatsAppIOSFixture

    /// The app group's folder: `ChatStorage.sqlite` and the photo under `Message/Media/`.
    static func folder(name: String = #function) throws -> URL {
        let folder = try TestSupport.temporaryFolder(name).appendingPathComponent("group.net.whatsapp.WhatsApp.shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try SQLiteDatabase.openForWriting(folder.appendingPathComponent("ChatStorage.sqlite")).execute(Fixture.schema + Fixture.rows())
        let photo = folder.appendingPathComponent("Message/Media/\(Fixture.ann)/a/b/photo-1.jpg")
        try FileManager.default.createDirectory(at: photo.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: photo)
        return folder
    }

    @Test func theAppGroupFolder() throws {
        let folder = try Self.folder()
        #expect(ImporterRegistry.builtIn.detect(folder)?.format == "whatsapp-ios")
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("ChatStorage.sqlite"))?.format == "whatsapp-ios")
        var read: [ImportedConversation] = []
        try WhatsAppIOSImporter().importConversations(
            from: ExportSource(url: folder, displayPath: "group"), context: ImportContext(timeZone: TimeZone(identifier: "UTC")!, me: ["Me Myself"])
        ) { read.append($0) }
        try #require(read.count == 2)
        #expect(read[0].mediaFolder.standardizedFileURL.path == folder.path)
        let messages = read[0].conversation.messages
        // The same ids as the database in a backup gives.
        #expect(messages.prefix(3).map(\.id) == ["6bini5oxunpy", "wjzxduoxknjp", "jpgzt2f4pfx6"])
        #expect(messages[2].kind == .photo(MediaItem(file: "Message/Media/\(Fixture.ann)/a/b/photo-1.jpg", caption: "The beach")))
        #expect(messages[3].kind == .voice(MediaItem(file: "Message/Media/\(Fixture.ann)/c/d/voice-1.opus")))
        #expect(read[0].warnings == [
            "group/ChatStorage.sqlite: chat 1 (ZWACHATSESSION): 1 message is of a kind transcripts does not know, shown as unsupported: ZMESSAGETYPE 46 (ZWAMESSAGE Z_PK 9)",
        ])
    }
}
