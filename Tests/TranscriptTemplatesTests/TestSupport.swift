import Foundation
@_exported import TranscriptTestSupport

/// Paths and helpers the template tests share.
enum TestSupport {
    /// The package's top folder (the strings tests read the templates and sources for the keys they use).
    static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A new empty folder under the system's temporary folder.
    static func temporaryFolder(_ name: String = #function) throws -> URL { try TemporaryFolders.make(name) }

    /// Writes `files` (relative path to contents) under `folder`, making the folders they need.
    static func write(_ files: [String: String], in folder: URL) throws {
        for (path, contents) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
    }
}
