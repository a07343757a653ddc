import Foundation
import Testing
import ZIPFoundation

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite

@Suite struct ExportFinderTests {
    func zip(_ entries: [String: String], to url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (path, text) in entries.sorted(by: { $0.key < $1.key }) {
            let data = Data(text.utf8)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), provider: { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            })
        }
    }

    @Test func zipArchivesAreUnpackedSafely() throws {
        let folder = try TestSupport.temporaryFolder()
        let conversation = TestSupport.conversation(id: "zipped", messages: [#"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "from a zip"}"#])
        try zip([
            "export/chat.json": conversation,
            "../escaped.json": conversation.replacingOccurrences(of: "zipped", with: "escaped"),
            "__MACOSX/export/._chat.json": "junk",
        ], to: folder.appendingPathComponent("export.zip"))
        let site = try TestSupport.makeSite(config: "inputs: [\"\(folder.path)/export.zip\"]\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.map(\.title) == ["Chat"])
        #expect(summary.conversations[0].file.hasSuffix("export.zip/export/chat.json"))
        #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("escaped.json").path))
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/zipped"))
        #expect(page.contains("from a zip"))
    }

    @Test func inputsFromTheCommandLineAndAForcedFormat() throws {
        let site = try TestSupport.makeSite(conversations: ["a.json": TestSupport.conversation(id: "a", messages: [])])
        let other = try TestSupport.temporaryFolder().appendingPathComponent("b.json")
        try TestSupport.conversation(id: "b", messages: []).write(to: other, atomically: true, encoding: .utf8)
        let summary = try SiteBuilder(options: BuildOptions(site: site, inputs: [other.path])).build()
        #expect(summary.conversations.map(\.file) == [other.relativePathForDisplay])
        do {
            _ = try SiteBuilder(options: BuildOptions(site: site, inputs: [other.path], format: "telegram")).build()
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.message == "not a telegram export")
        }
        do {
            _ = try SiteBuilder(options: BuildOptions(site: site, format: "fax")).build()
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.message.hasPrefix("unknown format \"fax\" (formats: "))
        }
    }

    @Test func importWritesTheCanonicalFormat() throws {
        let folder = try TestSupport.temporaryFolder()
        let telegram = TelegramImporterTests.samples.appendingPathComponent("mehrdad-persian-rtl-multichat.json")
        let lines = try ExportConverter(timeZone: TimeZone(identifier: "UTC")!).convert(telegram, to: folder.appendingPathComponent("out"))
        #expect(lines.count == 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted()
        #expect(files.count == 2 && files.allSatisfy { $0.hasSuffix(".json") })
        // What import writes, the canonical reader reads back.
        let back = try CanonicalReader(defaultTimeZone: TimeZone(identifier: "UTC")!)
            .read(folder.appendingPathComponent("out").appendingPathComponent(files[0]), displayPath: files[0])
        #expect(!back.messages.isEmpty)
        let single = TelegramImporterTests.samples.appendingPathComponent("langchain-telegram_chat_json-result.json")
        _ = try ExportConverter(timeZone: TimeZone(identifier: "UTC")!).convert(single, to: folder.appendingPathComponent("one.jsonl"))
        let jsonl = try TestSupport.read(folder.appendingPathComponent("one.jsonl")).split(separator: "\n")
        #expect(jsonl.count == 5)
    }
}
