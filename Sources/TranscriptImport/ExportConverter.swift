import Foundation
import TranscriptModel

/// Reads an export with the importers and writes it in the canonical format (`transcripts import`).
public struct ExportConverter: Sendable {
    public var registry: ImporterRegistry
    public var format: String?
    public var timeZone: TimeZone

    public init(registry: ImporterRegistry = .builtIn, format: String? = nil, timeZone: TimeZone) {
        self.registry = registry
        self.format = format
        self.timeZone = timeZone
    }

    /// What a conversion wrote and what it had to say about the export.
    public struct Conversion: Sendable {
        /// One line per conversation written: "file: N messages".
        public var written: [String]
        /// Side files that are missing, files skipped, text that had to be repaired, each naming the file.
        public var warnings: [String]
    }

    /// Converts `export`: the lines to print, and the warnings.
    public func convert(_ export: URL, to output: URL) throws -> Conversion {
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("transcripts-import-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let finder = ExportFinder(registry: registry, forced: try format.map { try registry.importer(named: $0) }, workspace: workspace)
        let found = try finder.find([export.path], in: URL(fileURLWithPath: "/"))
        var conversations: [Conversation] = []
        var warnings = found.warnings
        for item in found.exports {
            try item.importer.importConversations(from: item.source, context: ImportContext(timeZone: timeZone)) { imported in
                conversations.append(imported.conversation)
                warnings += imported.warnings
                let missing = MissingMedia.paths(in: imported.conversation, folder: imported.mediaFolder)
                if let warning = MissingMedia.notIncludedWarning(MissingMedia.notIncluded(in: imported.conversation), file: item.source.displayPath) {
                    warnings.append(warning)
                }
                if !missing.isEmpty {
                    let listed = missing.prefix(3).joined(separator: ", ") + (missing.count > 3 ? ", ..." : "")
                    warnings.append(
                        "\(item.source.displayPath): \(missing.count) media file\(missing.count == 1 ? " is" : "s are") named but not in the export: \(listed)")
                }
            }
        }
        guard !conversations.isEmpty else {
            throw TranscriptsError(file: export.relativePathForDisplay, message: "holds no conversation")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let lines = output.pathExtension.lowercased() == "jsonl"
        func data(_ conversation: Conversation) throws -> Data {
            guard lines else { return try encoder.encode(conversation) + Data("\n".utf8) }
            let compact = JSONEncoder()
            compact.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var header = conversation
            header.messages = []
            var result = try compact.encode(header) + Data("\n".utf8)
            for message in conversation.messages { result += try compact.encode(message) + Data("\n".utf8) }
            return result
        }
        if conversations.count == 1 {
            try data(conversations[0]).write(to: output, options: .atomic)
            return Conversion(written: ["\(output.relativePathForDisplay): \(conversations[0].messages.count) messages"], warnings: warnings)
        }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var slugs = SlugRegistry()
        let written = try conversations.map { conversation in
            let file = output.appendingPathComponent(slugs.slug(for: conversation.id) + (lines ? ".jsonl" : ".json"))
            try data(conversation).write(to: file, options: .atomic)
            return "\(file.relativePathForDisplay): \(conversation.messages.count) messages"
        }
        return Conversion(written: written, warnings: warnings)
    }
}
