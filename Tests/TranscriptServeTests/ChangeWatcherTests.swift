import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport
@testable import TranscriptServe
@testable import TranscriptSite

@Suite struct ChangeWatcherTests {
    /// A site with a config, a template, an export, an output folder, a build's staging folders and a spare.
    static func makeSite() throws -> (site: URL, list: WatchList) {
        let site = try TestSupport.makeSite(
            conversations: ["a.json": "{}"],
            extra: ["Templates/page.mustache": "p", "public/index.html": "old", ".public.building-42/index.html": "new",
                    ".public.previous-42/index.html": "older", ".public.spare/index.html": "oldest", "notes.txt": "not an input"])
        let list = WatchList(options: BuildOptions(site: site), configuration: SiteConfiguration())
        return (site, list)
    }

    @Test func theConfigTemplatesAndInputsAreWatchedButNotTheOutput() throws {
        let (site, list) = try Self.makeSite()
        let root = site.standardizedFileURL.path
        #expect(Set(FileSnapshot(of: list).files.keys)
            == [root + "/transcripts.yml", root + "/Templates/page.mustache", root + "/conversations/a.json"])
        // Even an input that holds the whole site folder leaves out the output and its staging folders.
        let everything = WatchList(options: BuildOptions(site: site, inputs: ["."]), configuration: SiteConfiguration())
        let files = FileSnapshot(of: everything).files.keys
        #expect(files.contains(root + "/notes.txt"))
        #expect(!files.contains { $0.contains("/public/") || $0.contains(".public.") })
    }

    @Test func editsAdditionsAndRemovalsAreChanges() throws {
        let (site, list) = try Self.makeSite()
        let before = FileSnapshot(of: list)
        #expect(FileSnapshot(of: list) == before)
        try TestSupport.write(["conversations/a.json": "{\"x\": 1}", "conversations/b.json": "{}"], in: site)
        try FileManager.default.removeItem(at: site.appendingPathComponent("Templates/page.mustache"))
        try TestSupport.write(["public/index.html": "rebuilt"], in: site)
        let root = site.standardizedFileURL.path
        #expect(FileSnapshot(of: list).changedPaths(since: before)
            == [root + "/Templates/page.mustache", root + "/conversations/a.json", root + "/conversations/b.json"])
    }

    @Test func aSaveInSeveralWritesIsOneChange() async throws {
        let (site, list) = try Self.makeSite()
        let watcher = ChangeWatcher(interval: .milliseconds(100))
        let baseline = FileSnapshot(of: list)
        let writes = Task {
            for text in ["1", "12", "123"] {
                try await Task.sleep(for: .milliseconds(40))
                try TestSupport.write(["conversations/a.json": text], in: site)
            }
        }
        let settled = try await watcher.nextChange(after: baseline, in: list)
        try await writes.value
        // It returned only once the writes were over: nothing is left to notice.
        #expect(settled == FileSnapshot(of: list))
        #expect(settled.files[site.standardizedFileURL.path + "/conversations/a.json"]?.size == 3)
        let again = Task { try await watcher.nextChange(after: settled, in: list) }
        try await Task.sleep(for: .milliseconds(600))
        again.cancel()
        await #expect(throws: CancellationError.self) { try await again.value }
    }

    @Test func aFileThatCameAndWentIsNoChange() async throws {
        let (site, list) = try Self.makeSite()
        let watcher = ChangeWatcher(interval: .milliseconds(100))
        let baseline = FileSnapshot(of: list)
        let waiting = Task { try await watcher.nextChange(after: baseline, in: list) }
        let temporary = site.appendingPathComponent("conversations/.a.json.swp")
        try "x".write(to: temporary, atomically: false, encoding: .utf8)
        try await Task.sleep(for: .milliseconds(150))
        try FileManager.default.removeItem(at: temporary)
        try await Task.sleep(for: .milliseconds(500))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
