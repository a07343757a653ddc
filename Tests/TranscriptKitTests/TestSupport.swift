import Foundation
@_exported import TranscriptTestSupport
import Testing

@testable import TranscriptJSON
@testable import TranscriptModel
@testable import TranscriptSupport

/// Paths and helpers shared by the tests.
enum TestSupport {
    /// The test target's folder.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The package's top folder.
    static let packageFolder = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")

    /// The real third-party samples (SOURCES.tsv lists them): `../shared/samples` beside the clone, as CI has
    /// them, or the folder `TRANSCRIPTS_SAMPLES` names. `scripts/fetch-samples.sh` fetches them. The tests over
    /// them are skipped, each saying so in one line, when they are not there (`.needsSamples`).
    static let samplesRoot: URL = {
        if let folder = ProcessInfo.processInfo.environment["TRANSCRIPTS_SAMPLES"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        return packageFolder.deletingLastPathComponent().appendingPathComponent("shared/samples", isDirectory: true)
    }()

    /// One format's samples (`telegram`, `slack`, ...).
    static func samples(_ format: String) -> URL { samplesRoot.appendingPathComponent(format, isDirectory: true) }

    /// Whether one format's samples are there.
    static func hasSamples(_ format: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: samples(format).path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The folder of this test run's temporary folders (`TemporaryFolders.root`).
    static var temporaryRoot: URL { TemporaryFolders.root }

    /// A new empty folder under the system's temporary folder.
    static func temporaryFolder(_ name: String = #function) throws -> URL { try TemporaryFolders.make(name) }

    /// Writes files (relative path → contents) under `folder`.
    static func write(_ files: [String: String], in folder: URL) throws {
        for (path, contents) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A site folder with a config and conversations, built from strings.
    static func makeSite(
        config: String = "title: Test\nme: me\ntimeZone: Europe/Berlin\nlocale: en_GB\n",
        conversations: [String: String], extra: [String: String] = [:], name: String = #function
    ) throws -> URL {
        let site = try temporaryFolder(name)
        var files = extra
        files["transcripts.yml"] = config
        for (file, json) in conversations { files["conversations/" + file] = json }
        try write(files, in: site)
        return site
    }

    static func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// Runs the system's `tar` with `arguments` (tests make `.tgz` archives with it) and throws when it fails.
    static func tar(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/tar")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// The markup of the built-in icon `name` (`Templates/assets/icons/NAME.svg`), as pages inline it.
    static func icon(_ name: String) -> String {
        let url = packageFolder.appendingPathComponent("Templates/assets/icons/\(name).svg")
        return ((try? read(url)) ?? "no icon \(name)").trimmingCharacters(in: .newlines)
    }

    /// The built-in icons' paths in a built site (`assets/icons/NAME.svg`), sorted.
    static let iconAssets: [String] = ((try? FileManager.default.contentsOfDirectory(
        atPath: packageFolder.appendingPathComponent("Templates/assets/icons").path)) ?? [])
        .filter { $0.hasSuffix(".svg") }.sorted().map { "assets/icons/" + $0 }

    /// The folder of a site's one conversation (`public/c/<folder>`), whatever its name (with pseudonyms, a keyed digest).
    static func onlyConversationFolder(of site: URL) throws -> URL {
        let top = site.appendingPathComponent("public/c")
        let folders = try FileManager.default.contentsOfDirectory(atPath: top.path)
        guard folders.count == 1 else { throw TranscriptsError(file: top.path, message: "\(folders.count) conversation folders") }
        return top.appendingPathComponent(folders[0])
    }

    /// A conversation's month pages (`2024-05.html`, `2024-05-2.html`: not its overview or gallery pages), in
    /// order, joined.
    static func conversationHTML(_ folder: URL) throws -> String {
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.wholeMatch(of: /\d{4}-\d{2}(-\d+)?\.html/) != nil }.sorted()
        return try pages.map { try read(folder.appendingPathComponent($0)) }.joined()
    }

    /// A conversation file with the given messages (JSON objects written as text).
    static func conversation(
        id: String = "chat", title: String = "Chat", kind: String = "group", messages: [String],
        participants: String = #"[{"id":"me","name":"Me"},{"id":"ann","name":"Ann"}]"#
    ) -> String {
        #"{"format":"transcripts/1","id":"\#(id)","title":"\#(title)","kind":"\#(kind)","participants":\#(participants),"messages":[\#(messages.joined(separator: ","))]}"#
    }

    /// Decodes one message from JSON text with the canonical reader's mapping.
    static func message(_ json: String, timeZone: String = "Europe/Berlin") throws -> Message {
        try Message(
            json: JSONParser.parse(json), path: [],
            context: JSONDecodingContext(defaultTimeZone: TimeZone(identifier: timeZone)))
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test (or a suite) only when the real samples of `format` are there; otherwise the test is skipped
    /// and the run says so in one line, with where it looked and how to fetch them.
    static func needsSamples(_ format: String) -> Self {
        .enabled(
            if: TestSupport.hasSamples(format),
            Comment(rawValue: "no real \(format) samples at \(TestSupport.samples(format).path): run scripts/fetch-samples.sh to fetch them"))
    }
}
