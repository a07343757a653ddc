import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite

/// Sites built from an iPhone backup folder and from WhatsApp's databases.
@Suite struct IOSBackupBuildTests {
    /// A site whose input is an iPhone backup with Messages and WhatsApp (see `IOSBackupImporterTests` and
    /// `WhatsAppIOSFixture`), in `Backup/`.
    func site(config: String = "", name: String = #function) throws -> URL {
        let site = try TestSupport.temporaryFolder(name)
        var backup = try IOSBackupImporterTests.messagesBackup()
        backup.entries += try WhatsAppIOSFixture.backup().entries
        try backup.write(to: site.appendingPathComponent("Backup"))
        try TestSupport.write(
            ["transcripts.yml": "title: Phone\ntimeZone: UTC\nlocale: en_GB\nme: Me Myself\ninputs: [Backup]\n" + config], in: site)
        return site
    }

    @Test func aBackupFolderBuildsASite() throws {
        let site = try site()
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.count == 3)
        let media = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/media").path)
        // The photos stored under their hash are copied with the extension their bytes tell.
        #expect(media.count == 2)
        #expect(media.allSatisfy { $0.hasSuffix(".jpg") })
        #expect(summary.warnings.contains { $0.contains("ZMESSAGETYPE 46 (ZWAMESSAGE Z_PK 9)") })
        #expect(summary.warnings.contains { $0.contains("Library/SMS/Attachments/cd/02/A2/IMG_0002.jpg") })
        let pages = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        let html = pages.filter { $0.key.hasSuffix(".html") }.values.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(html.contains("Hi there"))
        #expect(html.contains("Hello Bo"))
        #expect(html.contains("Flights booked"))
    }

    @Test func anEncryptedBackupBuildsTheSameSiteWithItsPassphrase() throws {
        let site = try TestSupport.temporaryFolder()
        let backup = try IOSBackupEncryptionTests.backup(passphrase: "correct horse")
        try backup.write(to: site.appendingPathComponent("Backup"))
        try TestSupport.write(["transcripts.yml": "title: Phone\ntimeZone: UTC\nlocale: en_GB\nme: Me Myself\ninputs: [Backup]\n"], in: site)
        var options = BuildOptions(site: site)
        #expect(throws: (any Error).self) { try SiteBuilder(options: options).build() }
        options.backupPassphrase = "correct horse"
        let summary = try SiteBuilder(options: options).build()
        #expect(summary.conversations.count == 3)
        let media = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/media").path)
        #expect(media.count == 2)
        #expect(media.allSatisfy { $0.hasSuffix(".jpg") })
        // The same pages as the unencrypted backup's.
        let plain = try self.site(name: "plain")
        _ = try SiteBuilder(options: BuildOptions(site: plain)).build()
        let pages = try SiteBuilderTests.files(in: site.appendingPathComponent("public")).filter { $0.key.hasPrefix("c/") }
        let plainPages = try SiteBuilderTests.files(in: plain.appendingPathComponent("public")).filter { $0.key.hasPrefix("c/") }
        #expect(pages == plainPages)
    }

    @Test func strictFailsOnTheBackupsWarnings() throws {
        let site = try site()
        #expect(throws: (any Error).self) { try SiteBuilder(options: BuildOptions(site: site, strict: true)).build() }
    }

    @Test func theFormatPicksOneApp() throws {
        let site = try site()
        var options = BuildOptions(site: site)
        options.format = "ios-backup-whatsapp"
        let summary = try SiteBuilder(options: options).build()
        #expect(summary.conversations.count == 2)
    }

    /// The chat with Ann exported as text (Android's layout, an older export) and read from the iPhone's
    /// database: joined by `merge:`, one conversation with every message once.
    @Test func aTextExportAndTheDatabaseOfOneChatMerge() throws {
        let id = WhatsAppChatAssembler.conversationID(jid: WhatsAppIOSFixture.ann)
        let site = try textExportAndDatabase(config: """
            merge:
              join:
                - into: Ann Berg
                  ids: ["\(id)", "Ann Berg"]

            """)
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.count == 1)
        #expect(summary.messagesRendered == 9)
        #expect(summary.mergeLine == "2 exports of 1 conversation: 9 messages, 7 in more than one export, 0 edited between exports, 0 missing from the newest")
    }

    /// Without a word in the config: the two share most of their messages, so they are one chat.
    @Test func aTextExportAndTheDatabaseOfOneChatAreJoinedByTheirMessages() throws {
        let site = try textExportAndDatabase(config: "")
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.count == 1)
        #expect(summary.messagesRendered == 9)
        #expect(summary.mergeLine == "2 exports of 1 conversation: 9 messages, 7 in more than one export, 0 edited between exports, 0 missing from the newest")
        #expect(summary.stages.first { $0.name == "read" }?.counts["conversations joined by their messages"] == 1)
        // Of two ids with as many messages, the first in order names the conversation.
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        #expect(folders.count == 1 && folders[0].hasPrefix("ann-berg"))
        // The same bytes again, and from a clean build.
        let first = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        _ = try SiteBuilder(options: BuildOptions(site: site, clean: true)).build()
        #expect(try SiteBuilderTests.files(in: site.appendingPathComponent("public")) == first)
    }

    /// A chat with another person that happens to say one of the same things: not joined.
    @Test func aChatThatSharesLittleStaysApart() throws {
        let site = try textExportAndDatabase(config: "")
        try """
            01/05/2024, 10:03 - Me Myself: ok
            02/05/2024, 09:00 - Cy Dale: Morning
            02/05/2024, 09:01 - Me Myself: Morning Cy
            02/05/2024, 09:02 - Cy Dale: Coffee?

            """.write(to: site.appendingPathComponent("export/WhatsApp Chat with Cy Dale.txt"), atomically: true, encoding: .utf8)
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.count == 2)
        #expect(summary.stages.first { $0.name == "read" }?.counts["conversations joined by their messages"] == 1)
    }

    /// A backup whose WhatsApp chat with Ann has eight messages, and an older text export of it with the config's
    /// `extra` lines.
    func textExportAndDatabase(config extra: String, name: String = #function) throws -> URL {
        let site = try TestSupport.temporaryFolder(name)
        var backup = IOSBackupFixture()
        func d(_ iso: String) -> String { WhatsAppIOSFixture.date(iso) }
        let ann = WhatsAppIOSFixture.ann
        try backup.add(WhatsAppIOSFixture.domain, "ChatStorage.sqlite", database: WhatsAppIOSFixture.schema + """
            INSERT INTO ZWACHATSESSION (Z_PK, ZSESSIONTYPE, ZCONTACTJID, ZPARTNERNAME) VALUES (1, 0, '\(ann)', 'Ann Berg');
            INSERT INTO ZWAMESSAGE (Z_PK, ZCHATSESSION, ZISFROMME, ZMESSAGETYPE, ZMESSAGEDATE, ZSTANZAID, ZTEXT) VALUES
              (1, 1, 0, 0, \(d("2024-05-01T10:00:12Z")), 'S1', 'Hi there'),
              (2, 1, 1, 0, \(d("2024-05-01T10:01:40Z")), 'S2', 'Hello Ann'),
              (3, 1, 0, 1, \(d("2024-05-01T10:02:05Z")), 'S3', NULL),
              (4, 1, 1, 0, \(d("2024-05-01T10:03:00Z")), 'S4', 'ok'),
              (5, 1, 0, 0, \(d("2024-05-01T10:03:30Z")), 'S5', 'ok'),
              (6, 1, 0, 5, \(d("2024-05-01T10:04:00Z")), 'S6', NULL),
              (7, 1, 0, 14, \(d("2024-05-01T10:06:00Z")), 'S7', NULL),
              (8, 1, 1, 0, \(d("2024-05-02T08:00:00Z")), 'S8', 'See you tomorrow');
            INSERT INTO ZWAMEDIAITEM (Z_PK, ZMESSAGE, ZTITLE, ZLATITUDE, ZLONGITUDE) VALUES
              (1, 3, 'The beach', NULL, NULL), (2, 6, NULL, 48.2104, 16.3655);
            """)
        try backup.write(to: site.appendingPathComponent("Backup"))
        // The export was made before the last message; it has one message the phone no longer has.
        let export = """
            30/04/2024, 18:00 - Ann Berg: An older message
            01/05/2024, 10:00 - Ann Berg: Hi there
            01/05/2024, 10:01 - Me Myself: Hello Ann
            01/05/2024, 10:02 - Ann Berg: IMG-20240501-WA0001.jpg (file attached)
            The beach
            01/05/2024, 10:03 - Me Myself: ok
            01/05/2024, 10:03 - Ann Berg: ok
            01/05/2024, 10:04 - Ann Berg: location: https://maps.google.com/?q=48.2104,16.3655
            01/05/2024, 10:06 - Ann Berg: This message was deleted

            """
        try TestSupport.write([
            "export/WhatsApp Chat with Ann Berg.txt": export,
            "transcripts.yml": """
                title: Phone
                timeZone: UTC
                locale: en_GB
                me: Me Myself
                inputs: [Backup, export]

                """ + extra,
        ], in: site)
        return site
    }
}
