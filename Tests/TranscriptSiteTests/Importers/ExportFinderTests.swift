import Foundation
import Testing
import ZIPFoundation

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

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

    /// A tar compressed with gzip is unpacked as a zip is: a member named with `..` (GNU tar keeps it with
    /// `--absolute-names`) is not unpacked, the rest is read.
    @Test func tgzArchivesAreUnpackedSafely() throws {
        let folder = try TestSupport.temporaryFolder()
        let conversation = TestSupport.conversation(id: "tarred", messages: [#"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "from a tgz"}"#])
        try TestSupport.write([
            "in/export/chat.json": conversation, "escaped.json": conversation.replacingOccurrences(of: "tarred", with: "escaped"),
        ], in: folder)
        let tgz = folder.appendingPathComponent("export.tar.gz")
        try TestSupport.tar(["-czPf", tgz.path, "-C", folder.appendingPathComponent("in").path, "export", "../escaped.json"])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("escaped.json"))
        let site = try TestSupport.makeSite(config: "inputs: [\"\(tgz.path)\"]\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.map(\.title) == ["Chat"])
        #expect(summary.conversations[0].file.hasSuffix("export.tar.gz/export/chat.json"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("escaped.json").path))
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/tarred"))
        #expect(page.contains("from a tgz"))
    }

    /// Members named outside ASCII keep their names (libarchive reads them in UTF-8 whatever the process's locale).
    @Test func membersNamedOutsideASCIIKeepTheirNames() throws {
        let folder = try TestSupport.temporaryFolder()
        let conversation = TestSupport.conversation(id: "named", messages: [#"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "hi"}"#])
        try zip(["Ünïcödé 日本/chat.json": conversation], to: folder.appendingPathComponent("export.zip"))
        let found = try ExportFinder(registry: .builtIn, forced: nil, workspace: folder.appendingPathComponent("work"))
            .find([folder.appendingPathComponent("export.zip").path], in: folder)
        #expect(found.exports.map(\.source.displayPath).map { $0.hasSuffix("export.zip/Ünïcödé 日本/chat.json") } == [true])
    }

    /// A zip member named in code page 437 (no UTF-8 flag, and bytes that are not UTF-8, as Windows' zipped folders
    /// write them) keeps its name's characters, not �.
    @Test func zipMembersNamedInCodePage437KeepTheirNames() throws {
        let folder = try TestSupport.temporaryFolder()
        let conversation = TestSupport.conversation(id: "named", messages: [#"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "hi"}"#])
        let url = folder.appendingPathComponent("export.zip")
        try zip(["GrXYe/chat.json": conversation], to: url)
        var bytes = [UInt8](try Data(contentsOf: url))
        // Where the name is stored (the local header and the central directory): X and Y become ü and ß in code page
        // 437, and the UTF-8 flag (bit 11 of the flags, at offset 6 of a local header and 8 of a central one) is off.
        let name = Array("GrXYe/chat.json".utf8)
        var places = 0
        for at in 0...(bytes.count - name.count) where Array(bytes[at..<(at + name.count)]) == name {
            bytes[at + 2] = 0x81
            bytes[at + 3] = 0xE1
            places += 1
        }
        #expect(places == 2)
        for (signature, offset) in [([0x50, 0x4B, 0x03, 0x04] as [UInt8], 6), ([0x50, 0x4B, 0x01, 0x02], 8)] {
            let at = try #require(bytes.indices.first { Array(bytes[$0..<min($0 + 4, bytes.count)]) == signature })
            bytes[at + offset + 1] &= ~0x08
        }
        try Data(bytes).write(to: url)
        let found = try ExportFinder(registry: .builtIn, forced: nil, workspace: folder.appendingPathComponent("work"))
            .find([url.path], in: folder)
        #expect(found.exports.map(\.source.displayPath).map { $0.hasSuffix("export.zip/Grüße/chat.json") } == [true])
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

/// Archives that are damaged or would expand beyond reason are errors naming the archive and member.
@Suite struct ArchiveBoundsTests {
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

    /// A deflated member whose CRC-32 (in its local header and the central directory) is not its bytes': libarchive
    /// finds it as it inflates the member.
    @Test func aDeflatedMemberWithAWrongChecksumIsAnError() throws {
        let folder = try TestSupport.temporaryFolder()
        let url = folder.appendingPathComponent("WhatsApp Chat - Bo.zip")
        let archive = try Archive(url: url, accessMode: .create)
        let data = Data(String(repeating: Self.chat, count: 50).utf8)
        try archive.addEntry(with: "_chat.txt", type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
        var bytes = [UInt8](try Data(contentsOf: url))
        // The CRC-32 at offset 16 of the central directory entry and 14 of the local header.
        for (signature, offset) in [([0x50, 0x4B, 0x01, 0x02] as [UInt8], 16), ([0x50, 0x4B, 0x03, 0x04], 14)] {
            let at = try #require(bytes.indices.first { Array(bytes[$0..<min($0 + 4, bytes.count)]) == signature })
            bytes[at + offset] ^= 0xFF
        }
        try Data(bytes).write(to: url)
        #expect {
            try Self.find(url, in: folder)
        } throws: { error in
            "\(error)".hasSuffix("WhatsApp Chat - Bo.zip: at _chat.txt: this member is damaged (its CRC-32 checksum does not match)")
        }
    }

    /// A gzip-compressed tar whose compressed bytes are damaged: an error naming the archive, never a half-read export.
    @Test func aDamagedTgzIsAnError() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["export/_chat.txt": String(repeating: Self.chat, count: 2_000)], in: folder)
        let url = folder.appendingPathComponent("export.tgz")
        try TestSupport.tar(["-czf", url.path, "-C", folder.path, "export"])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("export"))
        #expect(try Self.find(url, in: folder).exports.count == 1)
        var bytes = [UInt8](try Data(contentsOf: url))
        for index in stride(from: bytes.count / 3, to: bytes.count * 2 / 3, by: 7) { bytes[index] ^= 0x5A }
        try Data(bytes).write(to: url)
        #expect {
            try ExportFinder(registry: .builtIn, forced: nil, workspace: folder.appendingPathComponent("again"), reusesUnpacked: false)
                .find([url.path], in: folder)
        } throws: { error in
            "\(error)".contains("export.tgz: ") && "\(error)".contains("damaged")
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
        #expect(ArchiveUnpacker.expansionLimit(archiveSize: 1_000) == 1_000_000_000)
        #expect(ArchiveUnpacker.expansionLimit(archiveSize: 100_000_000) == 10_000_000_000)
        #expect(ArchiveUnpacker.expansionLimit(archiveSize: 10_000_000_000) == 64_000_000_000)
    }
}
