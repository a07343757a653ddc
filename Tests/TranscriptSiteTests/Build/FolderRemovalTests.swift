import Foundation
import Testing

@testable import TranscriptSite

/// Removing a folder on all cores removes everything in it, at any depth, and nothing outside it: a symbolic
/// link is removed, not followed, whether it points to a file or a folder.
@Suite struct FolderRemovalTests {
    @Test func everythingInsideIsRemovedAndNothingOutside() throws {
        let base = try TestSupport.temporaryFolder()
        let outside = base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("kept"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("kept/file.txt"))
        let folder = base.appendingPathComponent("site")
        // A big folder (as `search/d` is), a few small ones, nesting, an empty folder and a name with spaces.
        for number in 0..<600 {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("search/d"), withIntermediateDirectories: true)
            try Data("\(number)".utf8).write(to: folder.appendingPathComponent("search/d/\(number).js"))
        }
        for path in ["c/one/2024-01.html", "c/two/2024-02 copy.html", "index.html", "a/b/c/d/e.txt"] {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: file)
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("to-folder"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("c/to-file"), withDestinationURL: outside.appendingPathComponent("kept/file.txt"))

        #expect(FolderRemoval.remove(folder.path))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect(try String(contentsOf: outside.appendingPathComponent("kept/file.txt"), encoding: .utf8) == "keep")
        // Nothing there: done; a file: removed.
        #expect(FolderRemoval.remove(folder.path))
        let file = base.appendingPathComponent("file.txt")
        try Data("x".utf8).write(to: file)
        #expect(FolderRemoval.remove(file.path) && !FileManager.default.fileExists(atPath: file.path))
    }

    /// A name that is not UTF-8 (which no path made from a Swift string reaches) is removed too.
    @Test func aNameThatIsNotUTF8IsRemovedToo() throws {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("site")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var bytes = Array(folder.path.utf8) + Array("/bad-".utf8) + [0xFF, 0]
        let created = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(created >= 0)
        close(created)
        #expect(FolderRemoval.remove(folder.path))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
