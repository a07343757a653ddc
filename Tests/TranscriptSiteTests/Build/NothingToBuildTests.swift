import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite

/// An input with nothing to build is an error naming it, and the previous site stays as it was: an empty
/// site never replaces it.
@Suite struct NothingToBuildTests {
    /// A site built once from one conversation; its output's files.
    static func builtSite(name: String = #function) throws -> (URL, [String: Data]) {
        let site = try TestSupport.makeSite(conversations: ["small.json": BuildFixtures.small], name: name)
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        return (site, try SiteBuilderTests.files(in: site.appendingPathComponent("public")))
    }

    static func expectFailure(_ site: URL, inputs: [String]? = nil, message: String, keeping previous: [String: Data]) throws {
        #expect {
            try SiteBuilder(options: BuildOptions(site: site, inputs: inputs)).build()
        } throws: { error in
            "\(error)".hasSuffix(message)
        }
        #expect(try SiteBuilderTests.files(in: site.appendingPathComponent("public")) == previous)
    }

    @Test func anEmptyFolderIsAnError() throws {
        let (site, previous) = try Self.builtSite()
        try FileManager.default.removeItem(at: site.appendingPathComponent("conversations/small.json"))
        try Self.expectFailure(
            site, message: "conversations: this folder holds no export transcripts reads; formats: "
                + ImporterRegistryFormats.list, keeping: previous)
    }

    @Test func aFolderWithoutAnExportSaysWhatItSkipped() throws {
        let (site, previous) = try Self.builtSite()
        try FileManager.default.removeItem(at: site.appendingPathComponent("conversations/small.json"))
        // The photo is taken for media, which is not reported; the notes are a skipped file.
        try TestSupport.write(["conversations/README.txt": "notes", "conversations/photo.jpg": "x"], in: site)
        try Self.expectFailure(
            site, message: "conversations: this folder holds no export transcripts reads (skipped 1 other file); formats: "
                + ImporterRegistryFormats.list, keeping: previous)
    }

    @Test func anArchiveWithoutAChatIsAnError() throws {
        let (site, previous) = try Self.builtSite()
        let archive = site.appendingPathComponent("empty.zip")
        try ExportFinderTests().zip(["media/photo.jpg": "x", "notes.md": "hello"], to: archive)
        try Self.expectFailure(
            site, inputs: [archive.path],
            message: "empty.zip: this archive holds no export transcripts reads; formats: " + ImporterRegistryFormats.list,
            keeping: previous)
    }

    @Test func anExportWithoutAConversationIsAnError() throws {
        let (site, previous) = try Self.builtSite()
        try FileManager.default.removeItem(at: site.appendingPathComponent("conversations/small.json"))
        // A Telegram export of a whole account with no chat in it.
        try TestSupport.write(["conversations/result.json": #"{"about": "export", "chats": {"list": []}}"#], in: site)
        try Self.expectFailure(
            site, message: "conversations: this telegram export holds no conversation", keeping: previous)
    }
}

/// The formats as the errors list them.
enum ImporterRegistryFormats {
    static let list = "discord, messenger, telegram, telegram-html, slack, google-chat, mattermost, signal, irc, matrix, ios-backup, whatsapp-android, whatsapp-ios, imessage, transcripts, whatsapp, ios-backup-messages, ios-backup-whatsapp"
}

/// A build killed midway leaves its staging folder beside the output; the next build removes it.
@Suite struct LeftoverStagingTests {
    @Test func foldersOfKilledBuildsGoAndThoseOfRunningOnesStay() throws {
        let site = try TestSupport.makeSite(conversations: ["small.json": BuildFixtures.small])
        // A process id that is not running: the largest the kernel can hand out, checked.
        var dead: Int32 = 4_194_303
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        let running = getppid()
        let left = [".public.building-\(dead)", ".public.previous-\(dead)"]
        let kept = [".public.building-\(running)", ".other.building-\(dead)", ".public.building-x"]
        for name in left + kept { try TestSupport.write([name + "/index.html": "half a site"], in: site) }
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let entries = Set(try FileManager.default.contentsOfDirectory(atPath: site.path))
        #expect(entries.isDisjoint(with: left))
        #expect(entries.isSuperset(of: kept))
        #expect(entries.contains("public"))
    }

    /// A process id that is not running: the largest the kernel can hand out, checked.
    static func deadProcess() -> Int32 {
        var dead: Int32 = 4_194_303
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        return dead
    }

    @Test func aBuildKilledBetweenTheRenamesOfItsCommitGetsItsPreviousOutputBack() throws {
        let site = try TestSupport.makeSite(conversations: ["small.json": BuildFixtures.small])
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let output = site.appendingPathComponent("public")
        let previous = site.appendingPathComponent(".public.previous-\(Self.deadProcess())")
        try FileManager.default.moveItem(at: output, to: previous)
        // The previous output is moved back first, so the next build takes its pages over.
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.filesUnchanged > 0)
        #expect(!FileManager.default.fileExists(atPath: previous.path))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
    }
}

@Suite struct FolderExchangeTests {
    @Test func twoFoldersChangePlacesInOneStep() throws {
        let root = try TestSupport.temporaryFolder()
        try TestSupport.write(["a/one.txt": "1", "b/two.txt": "2"], in: root)
        #expect(FolderExchange.exchange(root.appendingPathComponent("a").path, root.appendingPathComponent("b").path))
        #expect(try TestSupport.read(root.appendingPathComponent("a/two.txt")) == "2")
        #expect(try TestSupport.read(root.appendingPathComponent("b/one.txt")) == "1")
        // Nothing to exchange with: false, and nothing changed.
        #expect(!FolderExchange.exchange(root.appendingPathComponent("a").path, root.appendingPathComponent("none").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("a/two.txt").path))
    }
}
