import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// `formats: {irc: {year: …}}` in transcripts.yml reaches the IRC importer (needs the FormatSettings lines).
@Suite struct IRCYearConfigTests {
    @Test func yearFromTheConfig() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["#pov.log": "[14 Jan 12:36] <ann!a@h> -hi\n[14 Jan 12:37] --> bo (b@h) joined #pov\n"], in: folder)
        let site = try TestSupport.makeSite(
            config: "inputs: [\"\(folder.path)\"]\ntimeZone: Europe/Berlin\nformats:\n  irc:\n    year: 2005\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.map(\.title) == ["#pov"])
        #expect(summary.messagesRead == 2)
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/\(pages[0])"))
        #expect(page.contains("2005"))
        #expect(page.contains(">hi<") || page.contains("hi</"))
    }

    @Test func withoutTheYearTheBuildSaysToSetIt() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["#pov.log": "[14 Jan 12:36] <ann!a@h> -hi\n"], in: folder)
        let site = try TestSupport.makeSite(config: "inputs: [\"\(folder.path)\"]\ntimeZone: Europe/Berlin\n", conversations: [:])
        #expect(throws: TranscriptsError.self) { _ = try SiteBuilder(options: BuildOptions(site: site)).build() }
    }

    @Test func unknownKeysAreRejected() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["#pov.log": "[14 Jan 12:36] <ann!a@h> -hi\n"], in: folder)
        let site = try TestSupport.makeSite(
            config: "inputs: [\"\(folder.path)\"]\nformats:\n  irc:\n    yaer: 2005\n", conversations: [:])
        #expect(throws: (any Error).self) { _ = try SiteBuilder(options: BuildOptions(site: site)).build() }
    }
}
