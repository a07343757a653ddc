import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Telegram Desktop's JSON export: a single chat's `result.json` (`{name, type, id, messages}`) or the whole
/// account's (`{about, personal_information, chats: {list: [...]}, left_chats: {list: [...]}}`), as a file or
/// as the export folder that holds `result.json` and the media.
///
/// An account export is read one chat at a time (each chat's bytes are parsed on their own), so memory follows
/// the largest chat, not the file.
public struct TelegramImporter: ExportImporter {
    public let format = "telegram"
    public let appName = "Telegram"
    /// The members the walk over an export goes into: an account export's chats and their list, a chat's messages.
    private static let outlined: Set<String> = ["chats", "left_chats", "list", "messages"]

    public init() {}

    public func canImport(_ url: URL) -> Bool { canImport(ExportProbe(url)) }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        try importConversations(from: source, context: context, reusing: { _ in false }, body)
    }

    /// Each chat's source key is a digest of its bytes, its place in the export and the export's folder; a
    /// chat that `reuse` takes is not parsed.
    public func importConversations(
        from source: ExportSource, context: ImportContext, reusing reuse: (_ sourceKey: String) throws -> Bool,
        _ body: (ImportedConversation) throws -> Void
    ) throws {
        let (file, displayPath, folder) = Self.place(of: source)
        // One walk over the file finds an account export's chats, or a single chat's messages.
        try MappedJSONExport.read(
            file, displayPath: displayPath, description: "a Telegram export", descending: Self.outlined
        ) { export in
            let list = try Self.chats(of: export)
            // Listing the chats read every page; each chat is read again on its turn.
            export.release(export.root)
            // A chat's errors found once it was parsed (its id, a missing list of messages) are placed in the file.
            @Sendable func read(_ range: Range<Int>, path: String, number: Int) throws -> ImportedConversation {
                do {
                    // The file's outline holds a single chat's messages; a chat of a list is outlined on its turn.
                    let outline = range == export.root
                        ? export.outline : export.outline(ofObjectAt: range.lowerBound, descending: ["messages"], before: range.upperBound)
                    return try conversation(
                        export, range, outline: outline, path: path, number: number, folder: folder, context: context)
                } catch let error as TranscriptsError {
                    throw export.placed(error)
                }
            }
            let keys = try TelegramChatKeys.make(export, chats: list, folder: folder.standardizedFileURL.path)
            // The next chat, read while this one is handed on (`readsAhead`): kept until another replaces it, so
            // that it is never left running, whatever is thrown (the file is unmapped once this closure returns).
            var ahead: (number: Int, work: BackgroundWork<ImportedConversation>)?
            defer { _ = try? ahead?.work.result() }
            for (number, chat) in list.enumerated() {
                let readAlready = ahead?.number == number ? ahead?.work : nil
                if try reuse(keys[number]) {
                    _ = try? readAlready?.result()
                    continue
                }
                var imported = try readAlready?.result() ?? read(chat.range, path: chat.path, number: number)
                imported.warnings = chat.warnings + imported.warnings
                imported.sourceKey = keys[number]
                let next = number + 1
                if next < list.count, Self.readsAhead(list[next].range, key: keys[next], context: context) {
                    let following = list[next]
                    ahead = (next, BackgroundWork { try read(following.range, path: following.path, number: next) })
                }
                try body(imported)
            }
        }
    }

    /// Each chat's id, source key and size, read from its `id` alone: nil when a chat is not of the shape
    /// `importConversations` reads (which then says what is wrong).
    public func conversationPreviews(in source: ExportSource, context: ImportContext) throws -> [ConversationPreview]? {
        let (file, displayPath, folder) = Self.place(of: source)
        return try MappedJSONExport.read(
            file, displayPath: displayPath, description: "a Telegram export", descending: Self.outlined
        ) { export -> [ConversationPreview]? in
            let list = try Self.chats(of: export)
            let keys = try TelegramChatKeys.make(export, chats: list, folder: folder.standardizedFileURL.path)
            var previews: [ConversationPreview] = []
            for (number, chat) in list.enumerated() {
                let outline = chat.range == export.root
                    ? export.outline : export.outline(ofObjectAt: chat.range.lowerBound, descending: ["messages"], before: chat.range.upperBound)
                guard let members = outline?.members, outline?.member("messages")?.elements != nil else { return nil }
                var header: [String: JSONValue] = [:]
                for (key, value) in members where key == "id" {
                    header[key] = try? export.parse(value.range)
                }
                guard let id = try? TelegramChat.id(header: header, path: chat.path, number: number, context: context, displayPath: displayPath)
                else { return nil }
                previews.append(ConversationPreview(id: id, sourceKey: keys[number], bytes: chat.range.count))
            }
            return previews
        }
    }

    /// The export's JSON file, as the build names it, and the folder its media paths are relative to.
    private static func place(of source: ExportSource) -> (file: URL, displayPath: String, folder: URL) {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: source.url.path, isDirectory: &isFolder)
        let file = isFolder.boolValue ? source.url.appendingPathComponent("result.json") : source.url
        let displayPath = isFolder.boolValue ? source.displayPath + "/result.json" : source.displayPath
        return (file, displayPath, file.deletingLastPathComponent())
    }

    /// An account export's chats, or the one chat of a chat's export, with the warning about the keys outside
    /// the chats given with the first.
    private static func chats(of export: MappedJSONExport) throws -> [TelegramChatKeys.Chat] {
        var chats: [(range: Range<Int>, path: String)] = []
        for (key, value) in export.outline.members ?? [] where key == "chats" || key == "left_chats" {
            guard let elements = value.member("list")?.elements else {
                throw export.shapeError("expected an object with a \"list\" of chats", path: key, at: value.range.lowerBound)
            }
            chats += elements.enumerated().map { ($1, "\(key).list[\($0)]") }
        }
        let isAccount = export.members.contains { $0.key == "chats" || $0.key == "left_chats" }
        // The warning about the keys outside the chats (an account export's) belongs to no chat: it is given
        // with the first chat, whose source it is part of, so that the chat is taken over with it only
        // while it stays the same.
        let fileWarnings = isAccount ? export.takeOutlineInvalidUTF8Warnings() : []
        var list = isAccount
            ? chats.map { TelegramChatKeys.Chat(range: $0.range, path: $0.path, warnings: []) }
            : [TelegramChatKeys.Chat(range: export.root, path: "", warnings: [])]
        if !list.isEmpty { list[0].warnings = fileWarnings }
        return list
    }

    /// How many bytes of JSON a chat read while the chat before it is handed on may have: two conversations are
    /// then held at once, so up to 32 MiB (a 1M-message export's chats are all larger); and from 64 KiB, below
    /// which starting a thread costs about what reading the chat does.
    static let readAheadSizes = (64 << 10)...(32 << 20)

    /// Whether the chat at `range`, whose source key is `key`, is read while the one before is handed on: when the
    /// caller's `reuse` cannot take it and its size is in `readAheadSizes`.
    static func readsAhead(_ range: Range<Int>, key: String, context: ImportContext) -> Bool {
        guard let mayBeReused = context.sourceKeysThatMayBeReused else { return false }
        return readAheadSizes.contains(range.count) && !mayBeReused.contains(key)
    }

    /// One chat: its fields parsed on their own, its messages parsed and converted on all cores; with the
    /// warnings about what could not be read, each naming the line, column and JSON path.
    private func conversation(
        _ export: MappedJSONExport, _ range: Range<Int>, outline: JSONScanner.Outline?, path: String, number: Int,
        folder: URL, context: ImportContext
    ) throws -> ImportedConversation {
        let displayPath = export.displayPath
        guard let members = outline?.members, let elements = outline?.member("messages")?.elements else {
            // Not the expected shape: the whole-value path reports what is wrong.
            let json = try export.parse(range)
            let (conversation, warnings) = try TelegramChat.conversation(
                from: json, path: path, number: number, context: context, displayPath: displayPath)
            return ImportedConversation(
                conversation: conversation, mediaFolder: folder, warnings: warnings + invalidUTF8Warnings(export, range, path: path))
        }
        var header: [String: JSONValue] = [:]
        for (key, value) in members where key != "messages" {
            header[key] = try export.parse(value.range)
        }
        export.release(range)
        let converter = TelegramMessages(context: context)
        let (converted, sourceDigests) = try export.convertElementChunksWithDigests(
            elements, chunkSize: 2048, readInPlace: { converter.convert($0, index: $1) }, { converter.convert($0, index: $1) })
        var warnings = FieldWarnings(file: displayPath)
        let messagesPath = TelegramChat.messagesPath(path)
        // By index: each message copied out of the list would retain all of its parts.
        var index = 0
        for chunk in converted.indices {
            for local in converted[chunk].indices {
                if !converted[chunk][local].problems.isEmpty {
                    warnings.add(converted[chunk][local].problems, at: messagesPath + "[\(index)]", offset: elements[index].lowerBound)
                }
                index += 1
            }
        }
        let chat = try TelegramChat.conversation(
            header: header, converted: consume converted, sourceDigests: sourceDigests, path: path, number: number, context: context,
            displayPath: displayPath)
        return ImportedConversation(
            conversation: chat.conversation, mediaFolder: folder, messageDigests: chat.messageDigests,
            warnings: chat.warnings + warnings.warnings(in: export.scanner.bytes) + invalidUTF8Warnings(export, range, path: path))
    }

    /// The warning about the chat's strings that held bytes that are not UTF-8, once per chat.
    private func invalidUTF8Warnings(_ export: MappedJSONExport, _ range: Range<Int>, path: String) -> [String] {
        export.takeInvalidUTF8Warnings(part: range, pathPrefix: path, scope: path.isEmpty ? "the file" : "the chat")
    }
}
