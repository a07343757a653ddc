import Foundation
import Testing

@testable import TranscriptSite

extension TestSupport {
    /// The text of each event line of a site's one conversation, the site built from `file` with `locale` (time
    /// zone Europe/Berlin) and `config`; the build must give no warning.
    static func eventLines(
        _ file: String, _ content: String, locale: String, config: String = "", name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let site = try makeSite(
            config: "title: Archive\ntimeZone: Europe/Berlin\nlocale: \(locale)\n" + config,
            conversations: [file: content], name: name)
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.warnings.isEmpty, sourceLocation: sourceLocation)
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        let page = try conversationHTML(
            site.appendingPathComponent("public/c").appendingPathComponent(try #require(folders.first, sourceLocation: sourceLocation)))
        return page.matches(of: /<div class="event-text" dir="auto">(.*?)<\/div>/.dotMatchesNewlines())
            .map { $0.output.1.trimmingCharacters(in: .whitespacesAndNewlines) }
    }
}
