import Foundation
import Testing

@testable import TranscriptSite

@Suite struct SpareFolderTests {
    /// A folder of its own, with the output folder `public` in it.
    static func makeRoot() -> (root: URL, destination: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("spare-\(UUID().uuidString)")
        return (root, root.appendingPathComponent("public"))
    }

    /// Every file under `folder`, by relative path, with its text.
    static func files(in folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        let manager = FileManager.default
        for path in (try? manager.subpathsOfDirectory(atPath: folder.path)) ?? [] {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            found[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }
        return found
    }

    static func inode(_ url: URL) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    /// A first build, then one that takes three of its four files over: the replaced output is kept as the spare.
    static func buildTwice(into destination: URL) throws {
        let first = try OutputDirectory(destination: destination)
        for (path, text) in [("a.html", "a1"), ("b/c.html", "c1"), ("d.html", "d1")] { try first.write(text, to: path) }
        try first.commit()
        let second = try OutputDirectory(destination: destination, linksUnchangedFiles: true)
        for path in ["a.html", "b/c.html", "d.html"] { #expect(try second.link(path)) }
        try second.write("e2", to: "e.html")
        try second.commit()
    }

    /// The output a build replaced stays beside the new one, holding the same files (hard links) where they did
    /// not change; the next build starts from it, and its site holds exactly what it made, whatever the spare held.
    @Test func theNextBuildStartsFromTheSpareAndMakesExactlyItsSite() throws {
        let (root, destination) = Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.buildTwice(into: destination)
        let spare = root.appendingPathComponent(".public.spare")
        #expect(try Self.files(in: spare) == ["a.html": "a1", "b/c.html": "c1", "d.html": "d1"])
        #expect(Self.inode(spare.appendingPathComponent("a.html")) == Self.inode(destination.appendingPathComponent("a.html")))

        // What a spare may hold besides: a file the site no longer has, another file where the output's is,
        // a folder where a file goes and a file where a folder goes.
        try TestSupport.write(["junk.html": "junk", "x": "a file where a folder goes", "f.html/inner.html": "a folder where a file goes"], in: spare)
        try FileManager.default.removeItem(at: spare.appendingPathComponent("b/c.html"))
        try TestSupport.write(["b/c.html": "stale"], in: spare)

        let third = try OutputDirectory(destination: destination, linksUnchangedFiles: true)
        #expect(third.startedFromSpare)
        #expect(!FileManager.default.fileExists(atPath: spare.path))
        #expect(Self.inode(third.staging.appendingPathComponent("a.html")) == Self.inode(destination.appendingPathComponent("a.html")))
        for path in ["a.html", "b/c.html", "e.html"] { #expect(try third.link(path)) }
        try third.write("d3", to: "d.html")
        try third.write("f3", to: "f.html")
        try third.write("y3", to: "x/y.html")
        #expect(third.filesWritten == 6)
        #expect(third.filesLinked == 3)
        try third.commit()

        #expect(try Self.files(in: destination)
            == ["a.html": "a1", "b/c.html": "c1", "d.html": "d3", "e.html": "e2", "f.html": "f3", "x/y.html": "y3"])
        // Half the files changed: the second build's output was removed, not kept as the spare.
        #expect(!FileManager.default.fileExists(atPath: spare.path))
    }

    /// A spare costs the old bytes of the files that changed: none is kept after a build that changed more than a
    /// quarter of its files, and a clean build removes the one there is.
    @Test func noSpareAfterABuildThatChangedMostFilesOrACleanBuild() throws {
        let (root, destination) = Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let spare = root.appendingPathComponent(".public.spare")
        try Self.buildTwice(into: destination)
        #expect(FileManager.default.fileExists(atPath: spare.path))

        let clean = try OutputDirectory(destination: destination)
        #expect(!clean.startedFromSpare)
        try clean.write("a4", to: "a.html")
        try clean.commit()
        #expect(!FileManager.default.fileExists(atPath: spare.path))
        #expect(try Self.files(in: destination) == ["a.html": "a4"])

        let changed = try OutputDirectory(destination: destination, linksUnchangedFiles: true)
        #expect(try changed.link("a.html"))
        for path in ["b.html", "c.html"] { try changed.write("new", to: path) }
        try changed.commit()
        #expect(!FileManager.default.fileExists(atPath: spare.path))
        #expect(try Self.files(in: root).keys.sorted() == ["public/a.html", "public/b.html", "public/c.html"])
    }

    /// Files linked ahead on another thread keep the spare's same files too, and replace the others.
    @Test func filesLinkedAheadKeepTheSparesSameFiles() throws {
        let (root, destination) = Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        var digests = OutputDigests()
        let first = try OutputDirectory(destination: destination)
        for (path, text) in [("search/1.js", "one"), ("search/2.js", "two"), ("search/3.js", "three"), ("index.html", "i")] {
            try first.write(text, to: path)
        }
        try first.commit()
        for (path, digest) in first.madeDigests {
            digests.entries[path] = OutputDigests.Entry(stamp: try #require(first.stampInOutput(path)), digest: digest)
        }
        let second = try OutputDirectory(destination: destination, linksUnchangedFiles: true)
        second.previousDigests = digests
        for path in ["search/1.js", "search/2.js", "search/3.js", "index.html"] { #expect(try second.link(path)) }
        try second.commit()
        // Replaced, not written over: the spare's file is the output's file.
        try FileManager.default.removeItem(at: root.appendingPathComponent(".public.spare/search/2.js"))
        try TestSupport.write(["search/2.js": "stale in the spare"], in: root.appendingPathComponent(".public.spare"))

        let third = try OutputDirectory(destination: destination, linksUnchangedFiles: true)
        third.previousDigests = digests
        #expect(third.startedFromSpare)
        third.linkAhead(under: "search/")
        for path in ["search/1.js", "search/2.js", "index.html"] { #expect(try third.link(path)) }
        try third.commit()
        #expect(try Self.files(in: destination) == ["search/1.js": "one", "search/2.js": "two", "index.html": "i"])
        #expect(Self.inode(destination.appendingPathComponent("search/2.js"))
            == Self.inode(root.appendingPathComponent(".public.spare/search/2.js")))
    }
}
