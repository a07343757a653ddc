import Foundation
import Testing

@testable import TranscriptImport

@Suite struct ExportFileTests {
    /// `isPlain` says what splitting the path at its slashes says: no part is empty, `.` or `..`. Every path of
    /// up to four bytes from `/`, `.` and `a` is tried, and longer ones with parts beyond ASCII; the slashes are
    /// bytes, as the file system reads them.
    @Test func plainIsNoEmptyDotOrDotDotPart() {
        func byParts(_ path: String) -> Bool {
            !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
        }
        var paths = [""]
        var last = [""]
        for _ in 1...4 {
            last = last.flatMap { path in ["/", ".", "a"].map { path + $0 } }
            paths += last
        }
        paths += ["photos/a.jpg", "photos/../a.jpg", "photos/./a.jpg", "photos//a.jpg", ".../a", "a/...", "..a/b", "fotos/é.jpg", "é/./x"]
        for path in paths {
            #expect(ExportFile.isPlain(path) == byParts(path), "\(path)")
        }
        // A slash is a slash to the file system whatever follows it: a `..` part is one even where a combining
        // mark after the slash or a prefix mark before it would join characters across it.
        for notPlain in ["a//\u{301}", "./\u{301}", "\u{600}/..", "../\u{301}x"] {
            #expect(!ExportFile.isPlain(notPlain), "\(Array(notPlain.unicodeScalars))")
        }
        #expect(ExportFile.isPlain("photos/a.jpg"))
        #expect(!ExportFile.isPlain("a/../b"))
        #expect(!ExportFile.isPlain("a/"))
        #expect(ExportFile.isPlain("..."))
    }

    /// `relativePath`: backslash bytes become slashes; a path that is empty, starts at the root (after that) or
    /// holds a colon or a NUL is refused.
    @Test func relativePathsAreNormalizedOrRefused() {
        #expect(ExportFile.relativePath("photos/a.jpg") == "photos/a.jpg")
        #expect(ExportFile.relativePath("photos\\2016\\a.jpg") == "photos/2016/a.jpg")
        #expect(ExportFile.relativePath("fotos/é.jpg") == "fotos/é.jpg")
        // A backslash byte is a separator also before a combining mark (one character with it).
        #expect(ExportFile.relativePath("a\\\u{301}b") == "a/\u{301}b")
        for refused in ["", "/etc/passwd", "\\server\\share", "C:\\photos\\a.jpg", "photos/a:b.jpg", "photos/a\u{0}.jpg", "a\\b:c", "\\\u{301}x"] {
            #expect(ExportFile.relativePath(refused) == nil, "\(refused)")
        }
    }
}
