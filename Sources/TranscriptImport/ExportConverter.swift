import Foundation
import TranscriptModel
import TranscriptSupport

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
        /// What merging did to each conversation that several exports hold.
        public var merges: [MergeReport] = []
    }

    /// Converts `export`: the lines to print, and the warnings.
    public func convert(_ export: URL, to output: URL) throws -> Conversion {
        try convert([export], to: output)
    }

    /// Converts `exports`, merging the conversations several of them hold (see `ConversationMerge`): the lines
    /// to print, and the warnings. A merged conversation's media paths are made relative to the output's folder.
    public func convert(_ exports: [URL], to output: URL) throws -> Conversion {
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("transcripts-import-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let finder = ExportFinder(registry: registry, forced: try format.map { try registry.importer(named: $0) }, workspace: workspace)
        let found = try finder.find(exports.map(\.path), in: URL(fileURLWithPath: "/"))
        var parts: [String: [ConversationMerge.Part]] = [:]
        var order: [String] = []
        var warnings = found.warnings
        for (position, item) in found.exports.enumerated() {
            try item.importer.importConversations(from: item.source, context: ImportContext(timeZone: timeZone)) { imported in
                if parts[imported.conversation.id] == nil { order.append(imported.conversation.id) }
                parts[imported.conversation.id, default: []].append(
                    ConversationMerge.Part(
                        imported: imported, file: item.source.displayPath, position: position,
                        contentIDs: item.importer.messageIDsAreContent))
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
        guard !order.isEmpty else {
            throw TranscriptsError(file: exports.map(\.relativePathForDisplay).joined(separator: ", "), message: "holds no conversation")
        }
        var merges: [MergeReport] = []
        // One conversation is written as `output`, several into the folder `output`.
        let outputFolder = order.count == 1 ? output.deletingLastPathComponent() : output
        // With several exports, conversations go in the order of their ids, whatever the order of the inputs.
        let conversations = (exports.count > 1 ? order.sorted() : order).map { id -> Conversation in
            let parts = parts[id]!
            guard parts.count > 1 else { return parts[0].imported.conversation }
            let merged = ConversationMerge.merge(parts.map { part in
                var part = part
                part.imported.warnings = []  // reported as read
                return part
            })
            merges.append(merged.report)
            warnings += merged.imported.warnings
            let (conversation, outside) = Self.mediaPaths(of: merged.imported, relativeTo: outputFolder)
            if outside > 0 {
                warnings.append(
                    "\(output.relativePathForDisplay): \(outside) media path\(outside == 1 ? "" : "s") of the merged conversation \"\(id)\" "
                        + "lead outside its folder, where a build does not read them: write the output beside the exports' folders")
            }
            return conversation
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
            return Conversion(
                written: ["\(output.relativePathForDisplay): \(conversations[0].messages.count) messages"], warnings: warnings, merges: merges)
        }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var slugs = SlugRegistry()
        let written = try conversations.map { conversation in
            let file = output.appendingPathComponent(slugs.slug(for: conversation.id) + (lines ? ".jsonl" : ".json"))
            try data(conversation).write(to: file, options: .atomic)
            return "\(file.relativePathForDisplay): \(conversation.messages.count) messages"
        }
        return Conversion(written: written, warnings: warnings, merges: merges)
    }

    /// A merged conversation with its messages' media paths made relative to `folder` (where its file is
    /// written), and how many of them lead outside it.
    static func mediaPaths(of imported: ImportedConversation, relativeTo folder: URL) -> (Conversation, outside: Int) {
        var conversation = imported.conversation
        let base = folder.standardizedFileURL.pathComponents
        var outside = 0
        func relative(_ path: String, in exportFolder: URL) -> String {
            let target = exportFolder.appendingPathComponent(path).standardizedFileURL.pathComponents
            var common = 0
            while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
            if common < base.count { outside += 1 }
            return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
        }
        func moved(_ item: MediaItem, _ exportFolder: URL) -> MediaItem {
            var item = item
            item.file = item.file.map { relative($0, in: exportFolder) }
            item.thumbnail = item.thumbnail.map { relative($0, in: exportFolder) }
            return item
        }
        for index in conversation.messages.indices {
            let exportFolder = imported.messageFolders?.folder(ofMessage: index) ?? imported.mediaFolder
            switch conversation.messages[index].kind {
            case .photo(let item): conversation.messages[index].kind = .photo(moved(item, exportFolder))
            case .video(let item): conversation.messages[index].kind = .video(moved(item, exportFolder))
            case .audio(let item): conversation.messages[index].kind = .audio(moved(item, exportFolder))
            case .voice(let item): conversation.messages[index].kind = .voice(moved(item, exportFolder))
            case .file(let item): conversation.messages[index].kind = .file(moved(item, exportFolder))
            case .sticker(let item): conversation.messages[index].kind = .sticker(moved(item, exportFolder))
            case .linkPreview(var preview):
                preview.image = preview.image.map { relative($0, in: exportFolder) }
                conversation.messages[index].kind = .linkPreview(preview)
            default: break
            }
        }
        for index in conversation.participants.indices {
            conversation.participants[index].avatar = conversation.participants[index].avatar.map { relative($0, in: imported.mediaFolder) }
        }
        return (conversation, outside)
    }
}
