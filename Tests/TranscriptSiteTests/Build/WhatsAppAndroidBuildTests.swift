import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite

/// A site built from WhatsApp for Android's `msgstore.db`, `wa.db` and the `WhatsApp/Media` folder.
@Suite struct WhatsAppAndroidBuildTests {
    @Test func aMsgstoreFolderBuildsASite() throws {
        let site = try TestSupport.temporaryFolder()
        let phone = try WhatsAppAndroidFixture.folder()
        try FileManager.default.moveItem(at: phone, to: site.appendingPathComponent("phone"))
        try TestSupport.write(["transcripts.yml": "title: Phone\ntimeZone: UTC\nlocale: en_GB\nme: Me Myself\ninputs: [phone]\n"], in: site)
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.count == 2)
        #expect(summary.messagesRendered == 14)
        let media = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/media").path)
        #expect(media.count == 1)
        // The media the folder lacks and the unknown kinds are warnings.
        #expect(summary.warnings.contains { $0.contains("message_type 99 (message _id 9)") })
        #expect(summary.warnings.contains { $0.contains("PTT-20240501-WA0002.opus") })
    }
}
