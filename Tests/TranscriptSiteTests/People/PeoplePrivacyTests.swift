import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite

/// `privacy:` by person: one pseudonym everywhere, kept from build to build; an exclusion that names a person by
/// any id excludes them on every app.
@Suite struct PeoplePrivacyTests {
    func site(_ privacy: String, name: String = #function) throws -> URL {
        try PeopleBuildTests().site(config: PeopleBuildTests.config + privacy, name: name)
    }

    /// Every file of the output, by path, as text.
    func texts(_ site: URL) throws -> [String: String] {
        try SiteBuilderTests.files(in: site.appendingPathComponent("public")).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aPersonHasOnePseudonymEverywhereAndNothingOfThemIsLeft() throws {
        let site = try site("privacy: {pseudonymize: true}\n")
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let files = try texts(site)
        #expect(files["people/person-1/index.html"]?.contains("<h1>Person 1</h1>") == true)
        #expect(files["people/index.html"]?.contains("4 messages · 3 conversations") == true)
        for secret in ["Quinn", "Okonkwo", "quentin", "5550101", "555-0101", "Q. O."] {
            let holding = files.filter { $0.key.contains(secret) || $0.value.contains(secret) }.keys.sorted()
            #expect(holding.isEmpty, "\(secret) is in \(holding)")
        }
        // Every conversation with Quinn names them Person 1, and links their page.
        let overviews = files.filter { $0.key.hasPrefix("c/") && $0.key.hasSuffix("/index.html") }
        #expect(overviews.count == 3)
        for (path, html) in overviews {
            #expect(html.contains(#"<a href="../../people/person-1/index.html">Person 1</a>"#), "\(path)")
        }
        // The pseudonym file beside the config keeps it.
        let file = try String(contentsOf: site.appendingPathComponent("pseudonyms.yml"), encoding: .utf8)
        #expect(file.contains("\n  \"Quinn Okonkwo\": \"Person 1\"\n"))
    }

    @Test func pseudonymsStayFromBuildToBuildWhenTheConfigChanges() throws {
        let site = try site("privacy: {pseudonymize: true}\n")
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let before = try texts(site)
        // Someone comes first in the list now: Quinn keeps "Person 1", the newcomer is "Person 2".
        let config = PeopleBuildTests.config.replacingOccurrences(
            of: "people:\n", with: "people:\n  - name: Ada Newcomer\n    ids: [ada@example.org]\n")
        try (config + "privacy: {pseudonymize: true}\n").write(
            to: site.appendingPathComponent("transcripts.yml"), atomically: true, encoding: .utf8)
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let after = try texts(site)
        #expect(after["people/person-1/index.html"]?.contains("<h1>Person 1</h1>") == true)
        #expect(after["people/person-2/index.html"]?.contains("<h1>Person 2</h1>") == true)
        // The conversations' folders and pages did not move.
        let conversations = before.keys.filter { $0.hasPrefix("c/") }.sorted()
        #expect(after.keys.filter { $0.hasPrefix("c/") }.sorted() == conversations)
        #expect(conversations.allSatisfy { before[$0] == after[$0] })
    }

    @Test func excludingOneIdOfAPersonExcludesThemOnEveryApp() throws {
        let site = try site("privacy: {exclude: [\"user5550101\"]}\n")
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.messagesRemoved == 4)
        let files = try texts(site)
        #expect(files["people/index.html"] == nil)
        #expect(!summary.warnings.contains { $0.contains("exclude") })
    }
}
