import Foundation
import Testing

@testable import TranscriptSite

@Suite struct OutputDirectoryTests {
    @Test func aPathStaysInsideUnlessItStartsAtTheRootOrGoesUp() {
        for inside in ["index.html", "c/family/2024-05.html", "a/..b/c", "..x", "x..", "a/.../b", ".hidden/..a", "a/b/", ""] {
            #expect(OutputDirectory.staysInside(inside), "\(inside)")
        }
        for outside in ["/etc/passwd", "..", "../x", "a/../b", "a/b/..", "c/../../x", "a//../b"] {
            #expect(!OutputDirectory.staysInside(outside), "\(outside)")
        }
    }

    /// A file written twice in one build holds the second bytes and counts once; one linked and then
    /// written is replaced, and the previous output's file keeps its bytes.
    @Test func aPathMadeAgainReplacesTheFirstFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let destination = root.appendingPathComponent("public")
        let first = try OutputDirectory(destination: destination)
        try first.write("old", to: "a/page.html")
        try first.commit()
        let output = try OutputDirectory(destination: destination)
        #expect(try output.link("a/page.html"))
        try output.write("new", to: "a/page.html")
        try output.write("one", to: "b.html")
        try output.write("two", to: "b.html")
        #expect(output.filesWritten == 2)
        try output.commit()
        #expect(try String(contentsOf: destination.appendingPathComponent("a/page.html"), encoding: .utf8) == "new")
        #expect(try String(contentsOf: destination.appendingPathComponent("b.html"), encoding: .utf8) == "two")
    }

    /// What a build made: each file's text, the counts (files made, the linked one too; linked; bytes) and digests.
    struct Made: Equatable {
        var contents: [String: String] = [:]
        var counts: [Int] = []
        var digests: [String: UInt64] = [:]
    }

    /// Builds into `destination` over a previous output that holds `unchanged` ("same"), linking unchanged files,
    /// with `write`, and reads back `paths`.
    static func make(
        in destination: URL, over unchanged: String, reading paths: [String], _ write: (OutputDirectory) throws -> Void
    ) throws -> Made {
        let first = try OutputDirectory(destination: destination)
        try first.write("same", to: unchanged)
        try first.commit()
        let output = try OutputDirectory(destination: destination, linksUnchangedFiles: true)
        try write(output)
        var made = Made(counts: [output.filesWritten, output.filesLinked, output.bytesWritten], digests: output.madeDigests)
        try output.commit()
        for path in paths {
            made.contents[path] = try String(contentsOf: destination.appendingPathComponent(path), encoding: .utf8)
        }
        return made
    }

    /// Files written together give what writing them one by one gives: the same bytes, counts and digests, an
    /// unchanged file linked (the previous output's file), a path given twice holding the second bytes.
    @Test(arguments: [false, true])
    func filesWrittenTogetherAreWhatWritingThemOneByOneGives(givingAPathTwice: Bool) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var files: [(path: String, parts: [String])] = [
            ("a.html", ["one"]), ("b/c.html", ["new ", "parts"]), ("b/d/e.js", [""]), ("f.html", ["same"]),
        ]
        if givingAPathTwice { files.insert(("a.html", ["again"]), at: 3) }
        let paths = ["a.html", "b/c.html", "b/d/e.js", "f.html"]
        let apart = try Self.make(in: root.appendingPathComponent("apart"), over: "f.html", reading: paths) { output in
            for file in files { try output.write(file.parts, to: file.path) }
        }
        let together = try Self.make(in: root.appendingPathComponent("together"), over: "f.html", reading: paths) { output in
            try output.write(all: files)
        }
        #expect(together.contents == ["a.html": givingAPathTwice ? "again" : "one", "b/c.html": "new parts", "b/d/e.js": "", "f.html": "same"])
        // Bytes count every file made, also one made again.
        #expect(together.counts == [4, 1, givingAPathTwice ? 21 : 16])
        #expect(apart == together)
    }

    /// A file given as UTF-8 bytes (as a month page's rows are) is the file given as the same text: the same bytes,
    /// digests and counts, and an unchanged one is linked, not written.
    @Test func bytePartsAreWhatTheSameTextGives() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let texts: [(path: String, parts: [String])] = [("a.html", ["<p>é ", "", "ü</p>"]), ("b.html", ["same"]), ("c.html", [""])]
        let paths = texts.map(\.path)
        let asText = try Self.make(in: root.appendingPathComponent("text"), over: "b.html", reading: paths) { output in
            try output.write(all: texts)
        }
        let asBytes = try Self.make(in: root.appendingPathComponent("bytes"), over: "b.html", reading: paths) { output in
            try output.write(all: texts.map { (path: $0.path, parts: $0.parts.map { Array($0.utf8) }) })
        }
        #expect(asBytes.contents == ["a.html": "<p>é ü</p>", "b.html": "same", "c.html": ""])
        #expect(asBytes.counts == [3, 1, 16])  // files made (the linked one too), linked, bytes
        #expect(asText == asBytes)
    }
}
