import Foundation
import Testing
import TranscriptModel

@testable import TranscriptSite

/// A look-up of a media file is unchanged while looking the file up again would give the same.
@Suite struct MediaDependencyTests {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dependency-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        return folder
    }

    private func missing(_ path: String, in folder: URL) -> MediaDependency {
        var dependency = MediaDependency(folder: folder.path, path: path, imageOnly: false)
        dependency.refusal = "\(MediaCopier.Refusal.missing)"
        return dependency
    }

    private func found(_ path: String, in folder: URL) throws -> MediaDependency {
        var dependency = MediaDependency(folder: folder.path, path: path, imageOnly: false)
        let real = folder.appendingPathComponent(path).resolvingSymlinksInPath().path
        dependency.source = real
        dependency.stamp = try #require(FileStamp(path: real))
        dependency.sitePath = "media/x.jpg"
        return dependency
    }

    @Test func aMissingFileIsUnchangedUntilItAppears() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var roots: [String: String] = [:]
        let dependency = missing("photos/a.jpg", in: folder)
        #expect(dependency.isUnchanged(realFolders: &roots))
        // Given with a backslash, as Windows exports write paths: the same file.
        #expect(missing("photos\\a.jpg", in: folder).isUnchanged(realFolders: &roots))
        try Data("jpeg".utf8).write(to: folder.appendingPathComponent("photos/a.jpg"))
        #expect(!dependency.isUnchanged(realFolders: &roots))
        #expect(!missing("photos\\a.jpg", in: folder).isUnchanged(realFolders: &roots))
    }

    @Test func aFoundFileIsUnchangedUntilItsStampChanges() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("photos/b.jpg")
        try Data("jpeg".utf8).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: file.path)
        var roots: [String: String] = [:]
        let dependency = try found("photos/b.jpg", in: folder)
        #expect(dependency.isUnchanged(realFolders: &roots))
        try Data("other jpeg".utf8).write(to: file)
        #expect(!dependency.isUnchanged(realFolders: &roots))
    }

    /// Many look-ups are checked on all cores: the answer is the one checking them one by one gives, also when
    /// only one of them changed.
    @Test func manyLookUpsCheckedTogetherAreCheckedAsOneByOne() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for number in 0..<20 {
            let file = folder.appendingPathComponent("photos/f\(number).jpg")
            try Data("jpeg \(number)".utf8).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: file.path)
        }
        var dependencies = try (0..<1000).map { number in
            number % 50 == 0 ? try found("photos/f\(number / 50).jpg", in: folder) : missing("photos/m\(number).jpg", in: folder)
        }
        var roots: [String: String] = [:]
        #expect(MediaDependency.allUnchanged(dependencies, realFolders: &roots))
        #expect(roots[folder.path] != nil)
        for changed in [0, 517, 999] {
            try Data("now here".utf8).write(to: folder.appendingPathComponent("photos/m\(changed).jpg"))
            if changed == 0 { dependencies[0] = missing("photos/m0.jpg", in: folder) }
            var oneByOne = roots
            #expect(!MediaDependency.allUnchanged(dependencies, realFolders: &roots))
            #expect(!dependencies.allSatisfy { $0.isUnchanged(realFolders: &oneByOne) })
            try FileManager.default.removeItem(at: folder.appendingPathComponent("photos/m\(changed).jpg"))
        }
        #expect(MediaDependency.allUnchanged(dependencies, realFolders: &roots))
    }
}
