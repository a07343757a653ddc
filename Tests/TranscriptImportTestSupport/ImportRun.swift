import Foundation
import TranscriptImport
import TranscriptJSON
import TranscriptModel
import TranscriptTestSupport

/// Runs an importer on files written for a test: the conversations and the warnings, as a build gets them.
public enum ImportRun {
    public struct Result {
        public var conversations: [Conversation]
        public var warnings: [String]
    }

    /// Writes `files` (relative path → text) in a new folder and imports `input` (shown as `input`).
    public static func run(
        _ importer: any ExportImporter, files: [String: String], input: String, timeZone: String = "UTC", name: String = #function
    ) throws -> Result {
        try run(importer, data: files.mapValues { Data($0.utf8) }, input: input, timeZone: timeZone, name: name)
    }

    /// Writes `files` (relative path → bytes) in a new folder and imports `input` (shown as `input`).
    public static func run(
        _ importer: any ExportImporter, data files: [String: Data], input: String, timeZone: String = "UTC", name: String = #function
    ) throws -> Result {
        let folder = try TestSupport.temporaryFolder(name)
        for (path, contents) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url)
        }
        var result = Result(conversations: [], warnings: [])
        try importer.importConversations(
            from: ExportSource(url: folder.appendingPathComponent(input), displayPath: input),
            context: ImportContext(timeZone: TimeZone(identifier: timeZone)!)
        ) { imported in
            result.conversations.append(imported.conversation)
            result.warnings += imported.warnings
        }
        return result
    }

    /// The `fields` part's values: what a message's fields held when they could not be read.
    public static func kept(_ message: Message) -> [String: JSONValue]? {
        guard case .unsupported(let content) = message.kind, content.type == "fields", case .object(let fields) = content.raw else {
            return nil
        }
        return fields
    }
}
