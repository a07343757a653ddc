import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptSite

/// The real export in ../shared/samples/signal (see design/formats.md, "Signal").
@Suite(.needsSamples("signal")) struct SignalSampleTests {
    let samples = SignalTestSupport.samples

    @Test func everySampleIsTested() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { !$0.hasPrefix(".") }
        #expect(names == ["chatminer-signal-export.txt"])
        let name = try #require(names.first)
        #expect(ImporterRegistry.builtIn.detect(samples.appendingPathComponent(name))?.format == "signal")
        #expect(!WhatsAppImporter().canImport(samples.appendingPathComponent(name)))
    }

    @Test func chatminerExport() throws {
        let imported = try SignalTestSupport.conversations(samples.appendingPathComponent("chatminer-signal-export.txt"))
        try #require(imported.count == 1)
        #expect(imported[0].mediaFolder.standardizedFileURL == samples.standardizedFileURL)
        let conversation = imported[0].conversation
        #expect(conversation.id == "chatminer-signal-export")
        #expect(conversation.title == "chatminer-signal-export")
        #expect(conversation.kind == .direct)
        #expect(conversation.participants.map(\.id) == ["Jane Doe", "John Doe"])
        #expect(conversation.messages.count == 2)
        #expect(conversation.messages.map(\.sender) == ["Jane Doe", "John Doe"])
        #expect(conversation.messages.map(\.kind) == [.text("Hello John!"), .text("Hello\nJane!")])
        // Europe/Berlin, UTC+1 in winter.
        #expect(conversation.messages.first?.date.iso8601 == "2019-12-24T11:23:00Z")
        #expect(conversation.messages.last?.date.iso8601 == "2020-01-17T20:49:00Z")
    }

    @Test func siteBuild() throws {
        let path = samples.appendingPathComponent("chatminer-signal-export.txt").path
        let site = try TestSupport.makeSite(config: "inputs: [\"\(path)\"]\ntimeZone: Europe/Berlin\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.map(\.title) == ["chatminer-signal-export"])
        #expect(summary.messagesRead == 2)
        #expect(summary.unsupportedMessages == 0)
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        try #require(pages.count == 1)
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/\(pages[0])"))
        #expect(page.contains("Hello John!"))
        #expect(page.contains("12:23"))
    }
}
