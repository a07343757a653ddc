import Foundation

/// Folders tests write in, under one folder of the system's temporary folder per test run, removed when the run
/// ends (unless `TRANSCRIPTS_KEEP_TEST_FILES` is set, to look at them).
public enum TemporaryFolders {
    /// The folder of this test run's temporary folders.
    public static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("transcripts-tests-\(getpid())")
        if ProcessInfo.processInfo.environment["TRANSCRIPTS_KEEP_TEST_FILES"] == nil {
            atexit { try? FileManager.default.removeItem(at: TemporaryFolders.root) }
        }
        return root
    }()

    /// A new empty folder under `root`, named after `name` (a test's name).
    public static func make(_ name: String) throws -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = root.appendingPathComponent("\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
