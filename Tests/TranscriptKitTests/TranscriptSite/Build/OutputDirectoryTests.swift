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
}
