import Foundation
import TranscriptModel
import TranscriptSupport

/// WhatsApp's "Export chat" text, from Android and iOS: a `.txt` file, or the folder of an export with media
/// (`_chat.txt` or `WhatsApp Chat with X.txt` beside the media files; a zip archive is unpacked into such a
/// folder first). See docs/formats/whatsapp.md.
///
/// ```swift
/// let registry = ImporterRegistry(importers: [WhatsAppImporter(dateOrder: .monthFirst)])
/// ```
public struct WhatsAppImporter: ExportImporter {
    /// How the day, month and year of the file's dates are ordered.
    public enum DateOrder: String, Sendable, CaseIterable, Equatable {
        /// `31/12/2024`, `31.12.24`
        case dayFirst
        /// `12/31/2024`, `12/31/24`
        case monthFirst
        /// `2024/12/31`; with a four-digit year first the order is clear anyway.
        case yearFirst
    }

    public let format = "whatsapp"

    public let appName = "WhatsApp"
    public var messageIDsAreContent: Bool { true }
    public var messageIDFamily: String? { "whatsapp" }
    public var expectedShape: String { "WhatsApp's \"Export chat\" text: a .txt file of lines such as \"12/01/2023, 10:00 - Ann: hi\", or its folder with the media" }
    /// The date order to use, or nil to decide it from the file's dates (see `WhatsAppDateOrder`).
    public var dateOrder: DateOrder?

    public init(dateOrder: DateOrder? = nil) {
        self.dateOrder = dateOrder
    }

    public func canImport(_ url: URL) -> Bool {
        let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
        if isFolder { return Self.chatFiles(inExportFolder: url) != nil }
        guard url.pathExtension.lowercased() == "txt", let head = FilePeek.head(of: url, bytes: 2048) else { return false }
        var bytes = Array(head.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(buffer)
            // The first non-empty line must be a header.
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var lineEnd = end
                if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                if WhatsAppBytes.skipSpaces(bytes, from: start, to: lineEnd) < lineEnd {
                    guard let header = WhatsAppHeader.parse(bytes, start: start, end: lineEnd) else { return false }
                    if header.style == .bare, WhatsAppParser.splitSender(bytes, from: header.restStart, to: lineEnd) == nil {
                        return false
                    }
                    // `[2019-12-24, 12:23] Name:` is signal-export's layout; WhatsApp writes seconds in brackets.
                    if header.style == .bracket, header.isYearFirst, header.separator == 0x2D, header.seconds == nil,
                       !Self.isChatFileName(url.lastPathComponent) {
                        return false
                    }
                    return true
                }
                start = end + 1
            }
            return false
        }
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        let parser = WhatsAppParser(dateOrder: dateOrder, timeZone: context.timeZone)
        let isFolder = (try? source.url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
        if isFolder {
            guard let chats = Self.chatFiles(inExportFolder: source.url) else {
                throw TranscriptsError(file: source.displayPath, message: "no WhatsApp chat (_chat.txt or \"WhatsApp Chat with ….txt\") in this folder")
            }
            let files = FolderFiles(source.url)
            for chat in chats {
                let displayPath = source.displayPath + "/" + chat
                let name = Self.chatName(fileName: chat, displayPath: displayPath, folderName: source.url.lastPathComponent)
                let decoded = try ExportText.read(source.url.appendingPathComponent(chat), displayPath: displayPath, what: "chat file")
                let read = try parser.read(decoded.data, displayPath: displayPath, name: name, hasFile: files.contains)
                try body(ImportedConversation(
                    conversation: read.conversation, mediaFolder: source.url, warnings: (decoded.warning.map { [$0] } ?? []) + read.warnings))
            }
        } else {
            let folder = source.url.deletingLastPathComponent()
            let files = FolderFiles(folder)
            let name = Self.chatName(
                fileName: source.url.lastPathComponent, displayPath: source.displayPath, folderName: folder.lastPathComponent)
            let decoded = try ExportText.read(source.url, displayPath: source.displayPath, what: "chat file")
            let read = try parser.read(decoded.data, displayPath: source.displayPath, name: name, hasFile: files.contains)
            try body(ImportedConversation(
                conversation: read.conversation, mediaFolder: folder, warnings: (decoded.warning.map { [$0] } ?? []) + read.warnings))
        }
    }

    /// The chat's name of each chat file: what `importConversations` gives each conversation as its id.
    public func conversationIDs(in source: ExportSource) -> [String]? {
        let isFolder = (try? source.url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
        guard isFolder else {
            return [Self.chatName(
                fileName: source.url.lastPathComponent, displayPath: source.displayPath,
                folderName: source.url.deletingLastPathComponent().lastPathComponent)]
        }
        return Self.chatFiles(inExportFolder: source.url)?.map { chat in
            Self.chatName(fileName: chat, displayPath: source.displayPath + "/" + chat, folderName: source.url.lastPathComponent)
        }
    }

    // MARK: - Names

    /// `_chat.txt` (iOS) or a name with "WhatsApp" in it (`WhatsApp Chat with Ann.txt`, `WhatsApp-Chat mit Ann.txt`).
    static func isChatFileName(_ name: String) -> Bool {
        name == "_chat.txt" || (name.lowercased().hasSuffix(".txt") && name.contains("WhatsApp"))
    }

    /// The chat files of an export folder, `_chat.txt` first and the others by name; nil when the folder is not
    /// an export. A folder that also holds other exports' files (JSON, JSON Lines, other text) or subfolders is
    /// left to be searched file by file, so a WhatsApp chat dropped among other conversations does not hide them.
    static func chatFiles(inExportFolder folder: URL) -> [String]? {
        guard let entries = try? FileManager.default.contentsOfDirectory(
            at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return nil }
        var chats: [String] = []
        var others: [URL] = []
        for entry in entries {
            let name = entry.lastPathComponent
            if isChatFileName(name) { chats.append(name) } else if name != "__MACOSX" { others.append(entry) }
        }
        guard !chats.isEmpty else { return nil }
        let hasIOSChat = chats.contains("_chat.txt")
        for entry in others {
            if (try? entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { return nil }
            switch entry.pathExtension.lowercased() {
            case "json", "jsonl", "html", "log", "csv": return nil
            // An iOS export's attachments may be text files; an Android chat's folder is less certain.
            case "txt" where !hasIOSChat: return nil
            default: continue
            }
        }
        return chats.sorted { ($0 == "_chat.txt" ? 0 : 1, $0) < ($1 == "_chat.txt" ? 0 : 1, $1) }
    }

    private static let namePrefixes = [
        "WhatsApp Chat with ", "WhatsApp Chat - ", "WhatsApp Chat mit ", "WhatsApp-Chat mit ", "Chat de WhatsApp con ",
        "Conversa do WhatsApp com ", "Conversa no WhatsApp com ", "Discussion WhatsApp avec ", "Chat WhatsApp con ",
        "WhatsApp-chat met ", "WhatsApp Chat ",
    ]

    /// The chat's name: `WhatsApp Chat with Ann.txt` → `Ann`; for `_chat.txt`, the name of the folder or zip
    /// archive it came in (`WhatsApp Chat - Family.zip` → `Family`).
    static func chatName(fileName: String, displayPath: String, folderName: String) -> String {
        var name = fileName
        if name == "_chat.txt" {
            let components = displayPath.split(separator: "/").map(String.init).filter { $0 != "." && $0 != ".." }
            name = components.count >= 2 ? components[components.count - 2] : folderName
            if name.lowercased().hasSuffix(".zip") { name = String(name.dropLast(4)) }
        } else if name.lowercased().hasSuffix(".txt") {
            name = String(name.dropLast(4))
        }
        for prefix in namePrefixes where name.hasPrefix(prefix) && name.count > prefix.count {
            name = String(name.dropFirst(prefix.count))
            break
        }
        name = name.trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? "WhatsApp" : name
    }
}

/// The names of the files in a folder, listed once, when first asked.
private final class FolderFiles {
    private let folder: URL
    private var names: Set<String>?

    init(_ folder: URL) { self.folder = folder }

    func contains(_ name: String) -> Bool {
        guard !name.contains("/"), !name.contains("\\"), name != "..", name != "." else { return false }
        if names == nil {
            names = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        }
        return names!.contains(name)
    }
}
