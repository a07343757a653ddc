import Foundation
import TranscriptModel

/// The canonical format (the model as JSON or JSON Lines) as an importer: one conversation per file.
public struct CanonicalImporter: ExportImporter {
    public let format = "transcripts"
    public let appName = "Transcripts"

    public init() {}

    public func canImport(_ url: URL) -> Bool { canImport(ExportProbe(url)) }

    public var expectedShape: String {
        "a conversation in transcripts' own format: an object with \"format\": \"\(Conversation.formatIdentifier)\", \"id\" and \"messages\" (.json), or JSON Lines (.jsonl)"
    }

    /// A `.jsonl` file, or a `.json` file whose top-level object says `"format": "transcripts/…"`, or has an `id`
    /// and only a conversation's keys (by structure, never by what its strings hold).
    public func canImport(_ probe: ExportProbe) -> Bool {
        guard !probe.isFolder else { return false }
        switch probe.url.pathExtension.lowercased() {
        case "jsonl": return true
        case "json":
            guard let root = probe.jsonOutline?.root, root.isObject else { return false }
            if root["format"]?.text?.hasPrefix("transcripts/") == true { return true }
            let keys = Set(root.keys)
            return keys.contains("id") && keys.isSubset(of: Conversation.keys)
        default: return false
        }
    }

    /// The file's `id` (a `.json` file's, or the header line's of JSON Lines), when its outline has it as a
    /// string; nil otherwise (a numeric id, a file that cannot be read).
    public func conversationIDs(in source: ExportSource) -> [String]? {
        let outline: JSONOutline?
        if source.url.pathExtension.lowercased() == "jsonl" {
            // The header is the first line.
            guard let head = FilePeek.head(of: source.url, bytes: Self.headerBytes),
                  let line = head.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first
            else { return nil }
            var bytes = Array(line.utf8)
            outline = bytes.withUnsafeMutableBufferPointer { JSONOutline(UnsafeBufferPointer($0)) }
        } else {
            outline = ExportProbe(source.url).jsonOutline
        }
        guard let id = outline?.root?["id"]?.text, !id.isEmpty else { return nil }
        return [id]
    }

    /// How much of a JSON Lines file is read for its header line.
    static let headerBytes = 64 << 10

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        let read = try CanonicalReader(defaultTimeZone: context.timeZone).readWithDigests(source.url, displayPath: source.displayPath)
        try body(ImportedConversation(
            conversation: read.conversation, mediaFolder: source.url.deletingLastPathComponent(), messageDigests: read.messageDigests,
            warnings: read.warnings))
    }
}

/// The first bytes of a file, for recognising formats.
enum FilePeek {
    package static func head(of url: URL, bytes count: Int) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let read = try? handle.read(upToCount: count) else { return nil }
        let data = ExportText.head(read)  // UTF-16 files are read as UTF-8, like the whole file
        // Without a byte-order mark and the spaces and tabs around it; nil when only white space is left.
        var bytes = [UInt8](data)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        while let first = bytes.first, isBlank(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isBlank(last) { bytes = bytes.dropLast() }
        guard bytes.contains(where: { !isBlank($0) && $0 != 0x0A && $0 != 0x0D }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// Whether the text holds `needle`'s UTF-8 bytes: a quick search for markers (JSON keys) in a file's head,
    /// byte by byte rather than character by character.
    func holdsBytes(of needle: String) -> Bool {
        var text = self, needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { wanted in
                guard !wanted.isEmpty else { return true }
                guard haystack.count >= wanted.count else { return false }
                let first = wanted[0]
                var index = 0
                while index <= haystack.count - wanted.count {
                    if haystack[index] == first, memcmp(haystack.baseAddress! + index, wanted.baseAddress!, wanted.count) == 0 {
                        return true
                    }
                    index += 1
                }
                return false
            }
        }
    }
}
