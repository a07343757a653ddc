import Foundation
import Testing

/// Paths and helpers the test targets share: the package's folders, the real samples, temporary folders and
/// sites written from strings. Helpers that need the model live beside the tests that use them.
public enum TestSupport {
    /// The package's top folder.
    public static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The fixtures read by path (`Tests/Fixtures`, in no target: several test targets read them, and the browser
    /// tests the tokenizer cases and the book's pictures).
    public static let fixtures = packageFolder.appendingPathComponent("Tests/Fixtures")

    /// The real third-party samples (SOURCES.tsv lists them): `../shared/samples` beside the clone, as CI has
    /// them, or the folder `TRANSCRIPTS_SAMPLES` names. `scripts/fetch-samples.sh` fetches them. The tests over
    /// them are skipped, each saying so in one line, when they are not there (`.needsSamples`).
    public static let samplesRoot: URL = {
        if let folder = ProcessInfo.processInfo.environment["TRANSCRIPTS_SAMPLES"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        return packageFolder.deletingLastPathComponent().appendingPathComponent("shared/samples", isDirectory: true)
    }()

    /// One format's samples (`telegram`, `slack`, ...).
    public static func samples(_ format: String) -> URL { samplesRoot.appendingPathComponent(format, isDirectory: true) }

    /// Whether one format's samples are there.
    public static func hasSamples(_ format: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: samples(format).path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The folder of this test run's temporary folders (`TemporaryFolders.root`).
    public static var temporaryRoot: URL { TemporaryFolders.root }

    /// A new empty folder under the system's temporary folder.
    public static func temporaryFolder(_ name: String = #function) throws -> URL { try TemporaryFolders.make(name) }

    /// Writes files (relative path → contents) under `folder`, making the folders they need.
    public static func write(_ files: [String: String], in folder: URL) throws {
        for (path, contents) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A file's text, read as UTF-8.
    public static func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// Runs the system's `tar` with `arguments` (tests make `.tgz` archives with it) and throws when it fails.
    public static func tar(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/tar")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test (or a suite) only when the real samples of `format` are there; otherwise the test is skipped
    /// and the run says so in one line, with where it looked and how to fetch them.
    public static func needsSamples(_ format: String) -> Self {
        .enabled(
            if: TestSupport.hasSamples(format),
            Comment(rawValue: "no real \(format) samples at \(TestSupport.samples(format).path): run scripts/fetch-samples.sh to fetch them"))
    }
}
