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
        var results: [[String: String]] = []
        var counts: [[Int]] = []
        var digests: [[String: UInt64]] = []
        for together in [false, true] {
            let destination = root.appendingPathComponent(together ? "together" : "apart")
            let first = try OutputDirectory(destination: destination)
            try first.write("same", to: "f.html")
            try first.commit()
            let output = try OutputDirectory(destination: destination, linksUnchangedFiles: true)
            if together {
                try output.write(all: files)
            } else {
                for file in files { try output.write(file.parts, to: file.path) }
            }
            counts.append([output.filesWritten, output.filesLinked, output.bytesWritten])
            digests.append(output.madeDigests)
            try output.commit()
            var contents: [String: String] = [:]
            for path in ["a.html", "b/c.html", "b/d/e.js", "f.html"] {
                contents[path] = try String(contentsOf: destination.appendingPathComponent(path), encoding: .utf8)
            }
            results.append(contents)
        }
        #expect(results[1] == ["a.html": givingAPathTwice ? "again" : "one", "b/c.html": "new parts", "b/d/e.js": "", "f.html": "same"])
        #expect(results[0] == results[1])
        // Bytes count every file made, also one made again.
        #expect(counts[1] == [4, 1, givingAPathTwice ? 21 : 16])
        #expect(counts[0] == counts[1])
        #expect(digests[0] == digests[1])
    }

    /// A file given as UTF-8 bytes (as a month page's rows are) is the file given as the same text: the same bytes,
    /// digests and counts, and an unchanged one is linked, not written.
    @Test func bytePartsAreWhatTheSameTextGives() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let texts: [(path: String, parts: [String])] = [("a.html", ["<p>é ", "", "ü</p>"]), ("b.html", ["same"]), ("c.html", [""])]
        var made: [[String: String]] = []
        var digests: [[String: UInt64]] = []
        var counts: [[Int]] = []
        for asBytes in [false, true] {
            let destination = root.appendingPathComponent(asBytes ? "bytes" : "text")
            let first = try OutputDirectory(destination: destination)
            try first.write("same", to: "b.html")
            try first.commit()
            let output = try OutputDirectory(destination: destination, linksUnchangedFiles: true)
            if asBytes {
                try output.write(all: texts.map { (path: $0.path, parts: $0.parts.map { Array($0.utf8) }) })
            } else {
                try output.write(all: texts)
            }
            counts.append([output.filesWritten, output.filesLinked, output.bytesWritten])
            digests.append(output.madeDigests)
            try output.commit()
            var contents: [String: String] = [:]
            for file in texts {
                contents[file.path] = try String(contentsOf: destination.appendingPathComponent(file.path), encoding: .utf8)
            }
            made.append(contents)
        }
        #expect(made[1] == ["a.html": "<p>é ü</p>", "b.html": "same", "c.html": ""])
        #expect(made[0] == made[1])
        #expect(counts[1] == [3, 1, 16])  // files made (the linked one too), linked, bytes
        #expect(counts[0] == counts[1])
        #expect(digests[0] == digests[1])
    }
}
