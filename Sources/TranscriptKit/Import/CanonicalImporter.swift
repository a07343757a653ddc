import Foundation

/// The canonical format (the model as JSON or JSON Lines) as an importer: one conversation per file.
public struct CanonicalImporter: ExportImporter {
    public let format = "transcripts"

    public init() {}

    public func canImport(_ url: URL) -> Bool {
        switch url.pathExtension.lowercased() {
        case "jsonl": return true
        case "json":
            // A conversation object: `format`, or `id` with `messages` near the start; not another format's JSON.
            guard let head = FilePeek.head(of: url, bytes: 4096) else { return false }
            if head.contains("\"format\"") && head.contains(Conversation.formatIdentifier) { return true }
            return head.contains("\"id\"") && !head.contains("\"chats\"") && !head.contains("\"personal_information\"")
                && !head.contains("\"date_unixtime\"") && !head.contains("\"from_id\"") && !head.hasPrefix("[")
        default: return false
        }
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        let conversation = try CanonicalReader(defaultTimeZone: context.timeZone).read(source.url, displayPath: source.displayPath)
        try body(ImportedConversation(conversation: conversation, mediaFolder: source.url.deletingLastPathComponent()))
    }
}

/// The first bytes of a file, for recognising formats.
enum FilePeek {
    static func head(of url: URL, bytes count: Int) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: count) else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text.trimmingCharacters(in: .whitespaces)
    }
}
