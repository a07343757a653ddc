import Foundation
import Testing

import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

@Suite struct SiteStarterTests {
    @Test func aStarterSiteBuildsAndIsNeverOverwritten() throws {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("new site")
        let outcome = try SiteStarter().make(in: folder)
        #expect(outcome.files == [".gitignore", "Templates/README.md", "conversations/example.json", "transcripts.yml"])
        #expect(outcome.title == "My archive" && outcome.format == nil)
        let config = try ConfigurationLoader.load(from: folder.appendingPathComponent("transcripts.yml"), required: true)
        #expect(config.title == "My archive" && config.me == ["you"] && config.inputs == ["conversations"])
        let readme = try TestSupport.read(folder.appendingPathComponent("Templates/README.md"))
        #expect(readme.contains("- `message.mustache`") && readme.contains("- `partials/activity.mustache`"))
        #expect(readme.contains("- `assets/transcripts.css`") && !readme.contains("transcripts-internal"))
        // Git leaves out the output, the folders builds keep beside it (staging, spare) and the cache.
        let ignored = try TestSupport.read(folder.appendingPathComponent(".gitignore")).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(ignored == ["/public/", "/.public.*/", "/.transcripts-cache/"])
        let summary = try SiteBuilder(options: BuildOptions(site: folder)).build()
        #expect(summary.messagesRead == 3 && summary.warnings == [])
        // A second init leaves the site as it is.
        try "title: Mine\n".write(to: folder.appendingPathComponent("transcripts.yml"), atomically: true, encoding: .utf8)
        #expect(throws: TranscriptsError.self) { try SiteStarter().make(in: folder) }
        #expect(try TestSupport.read(folder.appendingPathComponent("transcripts.yml")) == "title: Mine\n")
    }

    @Test func aSiteAroundAnExportNamesItAndTakesItsTitle() throws {
        let root = try TestSupport.temporaryFolder()
        let export = root.appendingPathComponent("exports/family.json")
        try TestSupport.write(["exports/family.json": TestSupport.conversation(id: "fam", title: #"Family \"chat\""#, messages: [
            #"{"id":"1","sender":"ann","date":"2024-05-03T09:30:00Z","text":"hi"}"#,
        ])], in: root)
        // Outside the site: named by its absolute path.
        let outside = root.appendingPathComponent("site")
        let outcome = try SiteStarter().make(in: outside, from: export)
        #expect(outcome.title == "Family \"chat\"" && outcome.format == "transcripts")
        #expect(outcome.files == [".gitignore", "Templates/README.md", "transcripts.yml"])
        var config = try ConfigurationLoader.load(from: outside.appendingPathComponent("transcripts.yml"), required: true)
        #expect(config.title == "Family \"chat\"" && config.inputs == [export.standardizedFileURL.path] && config.me == [])
        #expect(try SiteBuilder(options: BuildOptions(site: outside)).build().messagesRead == 1)
        // Inside the site: relative to it.
        _ = try SiteStarter().make(in: root, from: export)
        config = try ConfigurationLoader.load(from: root.appendingPathComponent("transcripts.yml"), required: true)
        #expect(config.inputs == ["exports/family.json"])
    }

    @Test func anExportThatIsNotOneIsAnError() throws {
        let root = try TestSupport.temporaryFolder()
        try TestSupport.write(["notes.txt": "just some notes\n"], in: root)
        #expect(throws: TranscriptsError.self) { try SiteStarter().make(in: root.appendingPathComponent("s"), from: root.appendingPathComponent("notes.txt")) }
        #expect(throws: TranscriptsError.self) { try SiteStarter().make(in: root.appendingPathComponent("s"), from: root.appendingPathComponent("missing.json")) }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("s/transcripts.yml").path))
        #expect(StarterConfig.quoted("a \"b\" \\ c\u{1}") == #""a \"b\" \\ c\x01""#)
        #expect(SiteStarter.formatName("google-chat") == "Google Chat" && SiteStarter.formatName("imessage") == "iMessage")
    }
}
