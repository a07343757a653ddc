import Foundation
import TranscriptModel
import TranscriptSupport

/// Telegram Desktop's HTML export (its default): a chat's folder with `messages.html`, `messages2.html`, ...
/// beside `css/`, `js/`, `photos/`, `files/`, or one page on its own. The pages are parsed with libxml2's HTML
/// parser (`HTMLDocument`), never with patterns, and read in page order as one conversation.
///
/// See docs/formats/telegram-html.md for how each element maps to the model.
public struct TelegramHTMLImporter: ExportImporter {
    public let format = "telegram-html"
    public let appName = "Telegram"
    public var expectedShape: String { "Telegram Desktop's HTML export: a chat's folder with messages.html, or one such page" }

    public init() {}

    /// A folder with a `messages.html` that is a Telegram page, or an `.html` file whose parsed tree has a
    /// `div.history` holding `div.message`s (only the first 64 KB are parsed).
    public func canImport(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return false }
        let page = isFolder.boolValue ? url.appendingPathComponent("messages.html") : url
        guard ["html", "htm"].contains(page.pathExtension.lowercased()),
              let handle = try? FileHandle(forReadingFrom: page)
        else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 65536), let root = HTMLDocument.parse(head) else { return false }
        return Self.isChatPage(root)
    }

    static func isChatPage(_ root: HTMLElement) -> Bool {
        root.firstDescendant { $0.name == "div" && $0.hasClass("history") }?.elements.contains { $0.name == "div" && $0.hasClass("message") } ?? false
    }

    /// The pages of a chat's folder in order: `messages.html`, `messages2.html`, ..., `messages10.html`.
    static func pages(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("messages"), name.hasSuffix(".html") else { return nil }
            let number = name.dropFirst("messages".count).dropLast(".html".count)
            if number.isEmpty { return (1, name) }
            guard number.allSatisfy(\.isNumber), let value = Int(number) else { return nil }
            return (value, name)
        }
        .sorted { $0.0 < $1.0 }
        .map { folder.appendingPathComponent($0.1) }
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: source.url.path, isDirectory: &isFolder)
        let pages = isFolder.boolValue ? Self.pages(in: source.url) : [source.url]
        guard !pages.isEmpty else {
            throw TranscriptsError(file: source.displayPath, message: "not a Telegram HTML export: this folder has no messages.html")
        }
        var reader = TelegramHTMLReader(timeZone: context.timeZone)
        for page in pages {
            let displayPath = isFolder.boolValue ? source.displayPath + "/" + page.lastPathComponent : source.displayPath
            let data: Data
            do {
                data = try Data(contentsOf: page)
            } catch {
                throw TranscriptsError(file: displayPath, message: "cannot read this page (\(TranscriptsError.sentence(for: error)))")
            }
            guard let root = HTMLDocument.parse(data) else {
                throw TranscriptsError(file: displayPath, message: "not an HTML page (no element in it)")
            }
            try reader.read(page: root, displayPath: displayPath)
        }
        let messages = reader.finish(displayPath: source.displayPath)
        let folder = isFolder.boolValue ? source.url : source.url.deletingLastPathComponent()
        let id = isFolder.boolValue ? source.url.lastPathComponent : source.url.deletingPathExtension().lastPathComponent
        let participants = reader.participants
        // The pages do not say the chat's type: a personal chat is titled by the other person's name.
        let title = reader.title ?? id
        let isDirect = participants.count <= 2 && participants.contains { $0.name == title }
        let conversation = Conversation(
            id: id, title: title, kind: isDirect ? .direct : .group, participants: participants, messages: messages)
        try body(ImportedConversation(conversation: conversation, mediaFolder: folder, warnings: reader.warnings))
    }
}
