import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

@Suite struct WhatsAppImporterTests {
    let importer = WhatsAppImporter()

    func importAll(_ url: URL, importer: WhatsAppImporter = WhatsAppImporter(), zone: String = "UTC") throws -> [ImportedConversation] {
        var result: [ImportedConversation] = []
        try importer.importConversations(
            from: ExportSource(url: url, displayPath: url.lastPathComponent),
            context: ImportContext(timeZone: TimeZone(identifier: zone)!)) { result.append($0) }
        return result
    }

    // MARK: - Recognising exports

    @Test func textFilesThatStartWithAHeaderAreWhatsApp() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "android.txt": "\n13/01/2024, 10:00 - Ann: hi\n",
            "ios.txt": "\u{200E}[13.01.24, 10:00:00] Ann: hi",
            "bom.txt": "\u{FEFF}[13.01.24, 10:00:00] \u{200E}Messages and calls are end-to-end encrypted.\r\n",
            "bare.txt": "15/12/2025, 10:34:00 AM Charlie: hi",
            "other.txt": "Dear diary,\n13/01/2024, 10:00 - Ann: hi",
            "bare-without-sender.txt": "15/12/2025, 10:34 a meeting",
            "notes.md": "13/01/2024, 10:00 - Ann: hi",
            // signal-export's layout: left to a Signal importer, unless the name says WhatsApp.
            "signal.txt": "[2019-12-24, 12:23] Jane Doe: Hello John!\n",
            "WhatsApp Chat with Jane.txt": "[2019-12-24, 12:23] Jane Doe: Hello John!\n",
            "ios-iso.txt": "[2019-12-24, 12:23:05] Jane Doe: Hello John!\n",
        ], in: folder)
        func can(_ name: String) -> Bool { importer.canImport(folder.appendingPathComponent(name)) }
        #expect(can("android.txt"))
        #expect(can("ios.txt"))
        #expect(can("bom.txt"))
        #expect(can("bare.txt"))
        #expect(!can("other.txt"))
        #expect(!can("bare-without-sender.txt"))
        #expect(!can("notes.md"))
        #expect(!can("signal.txt"))
        #expect(can("WhatsApp Chat with Jane.txt"))
        #expect(can("ios-iso.txt"))
        #expect(!can("missing.txt"))
    }

    @Test func exportFoldersAreWhatsAppWhenTheyHoldOnlyAChatAndItsMedia() throws {
        let root = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "ios/_chat.txt": "[13.01.24, 10:00:00] Ann: hi",
            "ios/00000001-PHOTO-2024-01-13-10-00-00.jpg": "jpg",
            "ios/notes.txt": "an attached text file",
            "android/WhatsApp Chat with Ann.txt": "13/01/2024, 10:00 - Ann: hi",
            "android/IMG-20240113-WA0001.jpg": "jpg",
            "mixed/WhatsApp Chat with Ann.txt": "13/01/2024, 10:00 - Ann: hi",
            "mixed/jonas.json": "{}",
            "nested/_chat.txt": "[13.01.24, 10:00:00] Ann: hi",
            "nested/media/x.jpg": "jpg",
            "none/photo.jpg": "jpg",
        ], in: root)
        #expect(importer.canImport(root.appendingPathComponent("ios")))
        #expect(importer.canImport(root.appendingPathComponent("android")))
        // A chat among other exports' files is read on its own, and the folder is searched as usual.
        #expect(!importer.canImport(root.appendingPathComponent("mixed")))
        #expect(importer.canImport(root.appendingPathComponent("mixed/WhatsApp Chat with Ann.txt")))
        #expect(!importer.canImport(root.appendingPathComponent("nested")))
        #expect(!importer.canImport(root.appendingPathComponent("none")))
        #expect(!importer.canImport(root))
    }

    @Test func conversationsAreNamedAfterTheChat() {
        #expect(WhatsAppImporter.chatName(fileName: "WhatsApp Chat with Ann & Bo 🎉.txt", displayPath: "x/WhatsApp Chat with Ann & Bo 🎉.txt", folderName: "x") == "Ann & Bo 🎉")
        #expect(WhatsAppImporter.chatName(fileName: "_chat.txt", displayPath: "exports/WhatsApp Chat - Family.zip/_chat.txt", folderName: "zip-1") == "Family")
        #expect(WhatsAppImporter.chatName(fileName: "_chat.txt", displayPath: "exports/Trip/_chat.txt", folderName: "Trip") == "Trip")
        #expect(WhatsAppImporter.chatName(fileName: "_chat.txt", displayPath: "_chat.txt", folderName: "Trip") == "Trip")
        #expect(WhatsAppImporter.chatName(fileName: "WhatsApp-Chat mit Jonas.txt", displayPath: "WhatsApp-Chat mit Jonas.txt", folderName: "x") == "Jonas")
        #expect(WhatsAppImporter.chatName(fileName: "chat.txt", displayPath: "chat.txt", folderName: "x") == "chat")
    }

    // MARK: - Importing

    @Test func aFolderIsReadWithItsMedia() throws {
        let root = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "WhatsApp Chat with Ann.txt": "13/01/2024, 10:00 - Ann: IMG-20240113-WA0001.jpg (file attached)\n13/01/2024, 10:01 - Me: <Media omitted>\n13/01/2024, 10:02 - Ann: PTT-20240113-WA0002.opus (file attached)",
            "IMG-20240113-WA0001.jpg": "jpg",
        ], in: root)
        let conversations = try importAll(root)
        try #require(conversations.count == 1)
        let conversation = conversations[0].conversation
        #expect(conversations[0].mediaFolder == root)
        #expect(conversation.id == "Ann")
        #expect(conversation.title == "Ann")
        #expect(conversation.kind == .direct)
        #expect(conversation.messages.map(\.kind) == [
            .photo(MediaItem(file: "IMG-20240113-WA0001.jpg")), .file(MediaItem()),
            .voice(MediaItem(name: "PTT-20240113-WA0002.opus")),
        ])
    }

    @Test func aFileIsReadWithTheMediaBesideIt() throws {
        let root = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "chats/Trip/_chat.txt": "[13.01.24, 10:00:00] Ann: \u{200E}<attached: 00000001-PHOTO-2024-01-13-10-00-00.jpg>",
            "chats/Trip/00000001-PHOTO-2024-01-13-10-00-00.jpg": "jpg",
        ], in: root)
        let file = root.appendingPathComponent("chats/Trip/_chat.txt")
        var result: [ImportedConversation] = []
        try importer.importConversations(
            from: ExportSource(url: file, displayPath: "chats/Trip/_chat.txt"),
            context: ImportContext(timeZone: TimeZone(identifier: "UTC")!)) { result.append($0) }
        try #require(result.count == 1)
        #expect(result[0].conversation.id == "Trip")
        #expect(result[0].mediaFolder.standardizedFileURL == file.deletingLastPathComponent().standardizedFileURL)
        #expect(result[0].conversation.messages[0].kind == .photo(MediaItem(file: "00000001-PHOTO-2024-01-13-10-00-00.jpg")))
    }

    @Test func theDateOrderCanBeGiven() throws {
        let root = try TestSupport.temporaryFolder()
        try TestSupport.write(["chat.txt": "01/02/2024, 10:00 - Ann: hi"], in: root)
        let file = root.appendingPathComponent("chat.txt")
        #expect(try importAll(file)[0].conversation.messages[0].date.iso8601 == "2024-02-01T10:00:00Z")
        #expect(try importAll(file, importer: WhatsAppImporter(dateOrder: .monthFirst))[0].conversation.messages[0].date.iso8601
            == "2024-01-02T10:00:00Z")
        #expect(try importAll(file, zone: "America/New_York")[0].conversation.messages[0].date.iso8601 == "2024-02-01T15:00:00Z")
        #expect(WhatsAppImporter.DateOrder.allCases == [.dayFirst, .monthFirst, .yearFirst])
    }

    @Test func aFileThatIsNotWhatsAppIsAnErrorNamingIt() throws {
        let root = try TestSupport.temporaryFolder()
        try TestSupport.write(["notes.txt": (1...12).map { "note \($0)" }.joined(separator: "\n")], in: root)
        #expect(throws: TranscriptsError(
            file: "notes.txt", line: 1,
            message: "not a WhatsApp chat: no message header (such as \"[20.06.19, 15:58:47] Name: text\" or \"20/06/2019, 15:58 - Name: text\") in its first lines")
        ) { try importAll(root.appendingPathComponent("notes.txt")) }
    }

    @Test func theRegistryKnowsWhatsApp() {
        #expect(ImporterRegistry.builtIn.formats.contains("whatsapp"))
    }

    @Test(.needsSamples("whatsapp")) func theRegistryFindsWhatsAppSamples() throws {
        let samples = TestSupport.samples("whatsapp")
        #expect(ImporterRegistry.builtIn.detect(samples.appendingPathComponent("pustur-short-chat.txt"))?.format == "whatsapp")
        #expect(ImporterRegistry.builtIn.detect(samples.appendingPathComponent("pustur-website-example-2024"))?.format == "whatsapp")
    }

    // MARK: - A whole build

    @Test(.needsSamples("whatsapp")) func aSiteIsBuiltFromAZippedExportWithItsMedia() throws {
        let zip = TestSupport.samples("whatsapp").appendingPathComponent("pustur-website-example.zip")
        let site = try TestSupport.makeSite(
            config: "title: Test\ntimeZone: Europe/Berlin\nlocale: en_GB\ninputs: [\"\(zip.path)\"]\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        // The zip archive attached inside the export is a file of the chat, not another export.
        try #require(summary.conversations.count == 1)
        #expect(summary.conversations[0].title == "pustur-website-example")
        #expect(summary.messagesRead == 52)
        #expect(summary.messagesRendered == 52)
        #expect(summary.missingMedia == 0)
        // The export's video is stripped of its metadata (by exiftool), like its photo.
        #expect(summary.warnings == [])
        let output = site.appendingPathComponent("public")
        let media = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("media").path).sorted()
        #expect(Set(media.map { ($0 as NSString).pathExtension }) == ["jpg", "mp4", "mp3", "zip"])
        let photo = try #require(media.first { $0.hasSuffix(".jpg") })
        let copied = try Data(contentsOf: output.appendingPathComponent("media/" + photo))
        #expect(copied.starts(with: [0xFF, 0xD8]))
        let page = try TestSupport.conversationHTML(output.appendingPathComponent("c/pustur-website-example"))
        #expect(page.contains("<img src=\"../../media/\(photo)\""))
        #expect(page.contains("When can we meet?"))
        #expect(page.contains("Loris created group “WhatsApp Chat Parser Example”"))
        // Times are the export's wall-clock times in the site's time zone.
        #expect(page.contains("<time datetime=\"2019-06-20T15:58:47+02:00\""))
    }
}

@Suite struct WhatsAppDocumentationTests {
    /// The first fenced block of `language` after `heading` in docs/formats/whatsapp.md.
    static func block(_ language: String, after heading: String) throws -> String {
        let doc = try TestSupport.read(TestSupport.packageFolder.appendingPathComponent("docs/formats/whatsapp.md"))
        let section = try #require(doc.range(of: heading))
        let open = try #require(doc.range(of: "```" + language + "\n", range: section.upperBound..<doc.endIndex))
        let close = try #require(doc.range(of: "```\n", range: open.upperBound..<doc.endIndex))
        return String(doc[open.upperBound..<close.lowerBound])
    }

    @Test func theExampleIsWhatImportWrites() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "export/WhatsApp Chat with Ann & Bo.txt": try Self.block("text", after: "## Example"),
            "export/IMG-20240601-WA0003.jpg": "jpg",
        ], in: folder)
        let output = folder.appendingPathComponent("ann-and-bo.jsonl")
        _ = try ExportConverter(timeZone: TimeZone(identifier: "Europe/Vienna")!)
            .convert(folder.appendingPathComponent("export"), to: output)
        #expect(try TestSupport.read(output) == (try Self.block("json", after: "## Example")))
    }
}
