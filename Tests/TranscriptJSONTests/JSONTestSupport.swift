import Foundation
@_exported import TranscriptTestSupport

/// Files the JSON tests write (`TemporaryFolders`).
enum JSONTestFiles {
    /// A new empty folder of this test run's.
    static func temporaryFolder(_ name: String = #function) throws -> URL { try TemporaryFolders.make(name) }
}
