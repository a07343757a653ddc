import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport

@Suite struct FolderPresenceTests {
    /// What `isMissing` says is what looking each path up says, whichever order the paths come in and whatever
    /// their folders are: missing, present, or a file.
    @Test func missingIsWhatLookingUpEachPathSays() throws {
        let root = try TestSupport.temporaryFolder()
        try TestSupport.write(["photos/a.jpg": "a", "file.txt": "f", "deep/er/b.png": "b"], in: root)
        try FileManager.default.createSymbolicLink(atPath: root.path + "/photos/link.jpg", withDestinationPath: "nowhere")
        let paths = [
            "photos/a.jpg", "photos/b.jpg", "videos/v.mp4", "videos/w.mp4", "file.txt/x", "deep/er/b.png", "deep/er/c.png",
            "deep/gone/d.png", "photos/link.jpg", "gone/deeper/e.png", "top.jpg",
        ].map { root.path + "/" + $0 }
        let expected = [false, true, true, true, false, false, true, true, false, true, true]
        for order in [paths.indices.map { $0 }, paths.indices.reversed().map { $0 }] {
            var folders = FolderPresence()
            for index in order { #expect(folders.isMissing(paths[index]) == expected[index], "\(paths[index])") }
        }
    }

    @Test func aFileInAMissingFolderIsRefusedAsMissing() throws {
        let root = try TestSupport.temporaryFolder()
        var folders = FolderPresence()
        for name in ["a.jpg", "b.jpg"] {
            #expect(ExportFile.resolve("photos/" + name, inRealFolder: root.path, folders: &folders) == .failure(.missing))
        }
    }
}
