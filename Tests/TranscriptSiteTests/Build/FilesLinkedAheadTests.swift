import Foundation
import Testing
import TranscriptModel

@testable import TranscriptSite

@Suite struct FilesLinkedAheadTests {
    private let files = [
        "index.html": "index", "search/t/0.js": "t0", "search/t/1.js": "t1", "search/d/0.js": "d0", "search/d/1.js": "d1",
    ]

    /// A site written once, with the digests and stamps its build keeps (as `CommitStage` does).
    private func previousSite(at destination: URL) throws -> OutputDigests {
        let first = try OutputDirectory(destination: destination, linksUnchangedFiles: true)
        for path in files.keys.sorted() { try first.write(files[path]!, to: path) }
        try first.commit()
        var digests = OutputDigests()
        for (path, digest) in first.madeDigests {
            digests.entries[path] = OutputDigests.Entry(stamp: try #require(first.stampInOutput(path)), digest: digest)
        }
        return digests
    }

    private func inode(_ url: URL) -> UInt64? { FileStamp(path: url.path)?.inode }

    /// The stamps kept for the files made are those the files have in the output.
    @Test func theStampsKeptAreTheOutputFilesStamps() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ahead-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let destination = root.appendingPathComponent("public")
        let digests = try previousSite(at: destination)
        #expect(digests.entries.count == files.count)
        for (path, entry) in digests.entries {
            #expect(entry.stamp == FileStamp(path: destination.appendingPathComponent(path).path), "\(path)")
        }
    }

    /// What the build keeps of the files linked ahead is the previous output's file (the same inode, counted as
    /// linked); a file it writes again holds the new bytes; one it does not make is gone; one changed since the
    /// previous build is not linked ahead, and is written whole.
    @Test func theBuildKeepsWhatItTakesAndTheRestGoes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ahead-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let destination = root.appendingPathComponent("public")
        let digests = try previousSite(at: destination)
        func url(_ path: String) -> URL { destination.appendingPathComponent(path) }
        let before = ["search/t/0.js", "search/d/0.js"].map { inode(url($0)) }
        // Changed behind the build's back: a new file with other bytes of the same length.
        try FileManager.default.removeItem(at: url("search/t/1.js"))
        try "x1".write(to: url("search/t/1.js"), atomically: false, encoding: .utf8)

        let output = try OutputDirectory(destination: destination, linksUnchangedFiles: true)
        output.previousDigests = digests
        output.linkAhead(under: "search/")
        try output.write("index", to: "index.html")
        #expect(try output.link("search/t/0.js"))
        try output.write("d0", to: "search/d/0.js")
        try output.write("t1", to: "search/t/1.js")
        #expect(output.filesWritten == 4)
        #expect(output.filesLinked == 3)
        try output.commit()

        #expect(["search/t/0.js", "search/d/0.js"].map { inode(url($0)) } == before)
        #expect(try String(contentsOf: url("search/t/1.js"), encoding: .utf8) == "t1")
        #expect(!FileManager.default.fileExists(atPath: url("search/d/1.js").path))
        // Beside the output, only the spare (three of four files were taken over: `SpareFolder`).
        let left = try FileManager.default.contentsOfDirectory(atPath: root.path)
        #expect(left.sorted() == [".public.spare", "public"])
    }

    /// A failed build that linked ahead leaves no staging folder, and the previous output as it was.
    @Test func aDiscardedBuildLeavesThePreviousOutput() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ahead-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let destination = root.appendingPathComponent("public")
        let digests = try previousSite(at: destination)
        let output = try OutputDirectory(destination: destination, linksUnchangedFiles: true)
        output.previousDigests = digests
        output.linkAhead(under: "search/")
        output.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["public"])
        for (path, text) in files {
            #expect(try String(contentsOf: destination.appendingPathComponent(path), encoding: .utf8) == text)
        }
    }
}
