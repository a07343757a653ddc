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
            #expect(error.message == "not a telegram export: found a JSON object whose top-level keys are format, id, title, kind, participants, messages, which is a transcripts export (use --format transcripts, or leave --format out); a telegram export is " + TelegramImporter().expectedShape)
        }
        do {
            _ = try SiteBuilder(options: BuildOptions(site: site, format: "fax")).build()
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.message.hasPrefix("unknown format \"fax\" (formats: "))
        }
    }

    /// Side files an export names but lacks are warnings in `import`, as in `build`: Slack's users.json, and
    /// media the messages name.
    @Test(.needsSamples("slack")) func importWarnsOfMissingSideFiles() throws {
        let folder = try TestSupport.temporaryFolder()
        let export = folder.appendingPathComponent("slack")
        try FileManager.default.copyItem(at: SlackTestSupport.samples.appendingPathComponent("hfaran-testarchive"), to: export)
        try FileManager.default.removeItem(at: export.appendingPathComponent("users.json"))
        let conversion = try ExportConverter(timeZone: TimeZone(identifier: "UTC")!).convert(export, to: folder.appendingPathComponent("out"))
        #expect(conversion.warnings.contains { $0.hasSuffix("slack/users.json: missing, so people are shown by the names in their messages or by their ids") })
        let whatsApp = folder.appendingPathComponent("wa")
        try TestSupport.write(
            ["wa/WhatsApp Chat with Ann.txt": "[03/05/2024, 09:30:00] Ann: IMG-1.jpg <attached: IMG-1.jpg>\n"], in: folder)
        let photo = try ExportConverter(timeZone: TimeZone(identifier: "UTC")!).convert(whatsApp, to: folder.appendingPathComponent("ann.json"))
        #expect(photo.warnings.count == 1)
        #expect(photo.warnings.first?.hasSuffix("wa: 1 attachment the chat names is not in the export (shown as placeholders): IMG-1.jpg") == true, "\(photo.warnings)")
    }

    @Test(.needsSamples("telegram")) func importWritesTheCanonicalFormat() throws {
        let folder = try TestSupport.temporaryFolder()
        let telegram = TelegramImporterTests.samples.appendingPathComponent("mehrdad-persian-rtl-multichat.json")
        let conversion = try ExportConverter(timeZone: TimeZone(identifier: "UTC")!).convert(telegram, to: folder.appendingPathComponent("out"))
        #expect(conversion.written.count == 2)
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

/// Zip archives that are damaged or would expand beyond reason are errors naming the archive and member.
@Suite struct ZipBoundsTests {
    static let chat = "[03/05/2024, 09:30:00] Ann: hello\n"

    /// A zip with one stored (uncompressed) member holding the chat.
    static func archive(name: String = #function) throws -> (URL, URL) {
        let folder = try TestSupport.temporaryFolder(name)
        let url = folder.appendingPathComponent("WhatsApp Chat - Ann.zip")
        let archive = try Archive(url: url, accessMode: .create)
        let data = Data(chat.utf8)
        try archive.addEntry(with: "_chat.txt", type: .file, uncompressedSize: Int64(data.count), compressionMethod: .none) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
        return (folder, url)
    }

    static func find(_ url: URL, in folder: URL) throws -> ExportFinder.Result {
        try ExportFinder(registry: .builtIn, forced: nil, workspace: folder.appendingPathComponent("work"), reusesUnpacked: false)
            .find([url.path], in: folder)
    }

    @Test func anIntactArchiveIsRead() throws {
        let (folder, url) = try Self.archive()
        #expect(try Self.find(url, in: folder).exports.count == 1)
    }

    @Test func aDamagedMemberIsAnError() throws {
        let (folder, url) = try Self.archive()
        var bytes = [UInt8](try Data(contentsOf: url))
        let at = try #require(bytes.indices.first { Array(bytes[$0..<min($0 + 5, bytes.count)]) == Array("hello".utf8) })
        bytes[at] = UInt8(ascii: "j")  // the stored text changes; its CRC-32 does not
        try Data(bytes).write(to: url)
        #expect {
            try Self.find(url, in: folder)
        } throws: { error in
            "\(error)".hasSuffix("WhatsApp Chat - Ann.zip: at _chat.txt: this member is damaged (its CRC-32 checksum does not match)")
        }
    }

    @Test func membersThatClaimTooMuchAreNotUnpacked() throws {
        let (folder, url) = try Self.archive()
        var bytes = [UInt8](try Data(contentsOf: url))
        // The uncompressed size in the central directory (offset 24 of its entry) and the local header (22).
        for (signature, offset) in [([0x50, 0x4B, 0x01, 0x02] as [UInt8], 24), ([0x50, 0x4B, 0x03, 0x04], 22)] {
            let at = try #require(bytes.indices.first { Array(bytes[$0..<min($0 + 4, bytes.count)]) == signature })
            bytes.replaceSubrange((at + offset)..<(at + offset + 4), with: [0xF0, 0xFF, 0xFF, 0xFF])
        }
        try Data(bytes).write(to: url)
        #expect {
            try Self.find(url, in: folder)
        } throws: { error in
            "\(error)".contains("its members claim 4.3 GB, more than an export of") && "\(error)".hasSuffix("(1.0 GB): not unpacked")
        }
        #expect(ExportFinder.expansionLimit(archiveSize: 1_000) == 1_000_000_000)
        #expect(ExportFinder.expansionLimit(archiveSize: 100_000_000) == 10_000_000_000)
        #expect(ExportFinder.expansionLimit(archiveSize: 10_000_000_000) == 64_000_000_000)
    }
}
