import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptJSON
@testable import TranscriptModel
@testable import TranscriptSearch
@testable import TranscriptSupport
@testable import TranscriptText

/// Helpers for the Slack importer's tests.
enum SlackTestSupport {
    /// The package's folder: this file is Tests/TranscriptSiteTests/Importers/Slack/SlackTestSupport.swift.
    static let packageFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The shared Slack samples, beside the clone (as CI has them).
    static let samples = TestSupport.samples("slack")

    static let context = ImportContext(timeZone: TimeZone(identifier: "UTC")!)

    /// Every conversation of an export folder, read with the importer.
    static func conversations(_ url: URL, context: ImportContext = context) throws -> [Conversation] {
        var result: [Conversation] = []
        try SlackImporter().importConversations(from: ExportSource(url: url, displayPath: url.lastPathComponent), context: context) {
            result.append($0.conversation)
        }
        return result
    }

    /// A workspace export made of files (relative path → contents) in a new temporary folder.
    static func export(_ files: [String: String], name: String = #function) throws -> URL {
        let folder = try TestSupport.temporaryFolder(name)
        try TestSupport.write(files, in: folder)
        return folder
    }

    /// The conversations of an export made of files.
    static func conversations(_ files: [String: String], me: [String] = [], name: String = #function) throws -> [Conversation] {
        try conversations(export(files, name: name), context: ImportContext(timeZone: TimeZone(identifier: "UTC")!, me: me))
    }

    /// The messages of one channel `general` (id C1) holding `messages` (JSON objects as text) in one day file.
    static func messages(_ messages: [String], users: String = defaultUsers, name: String = #function) throws -> [Message] {
        let files = [
            "users.json": users,
            "channels.json": #"[{"id":"C1","name":"general","members":["U1","U2"]},{"id":"C2","name":"random"}]"#,
            "general/2024-05-03.json": "[" + messages.joined(separator: ",") + "]",
        ]
        return try conversations(files, name: name).first?.messages ?? []
    }

    static let defaultUsers = """
        [{"id":"U1","name":"ann","real_name":"Ann Lee","profile":{"display_name":"annie","real_name":"Ann Lee"}},
         {"id":"U2","name":"bo","real_name":"Bo Berg","profile":{"display_name":"","real_name":"Bo Berg"}}]
        """

    /// Reads single message objects (as the zulip fixtures hold them) with a reader of no users.
    static func read(_ json: JSONValue, names: SlackNames = SlackNames()) throws -> SlackMessageReader {
        var reader = SlackMessageReader(names: names, files: SlackFileLocator(root: URL(fileURLWithPath: "/nonexistent"), folder: "x"))
        let elements: [JSONValue]
        if case .array(let list) = json { elements = list } else { elements = [json] }
        for (index, element) in elements.enumerated() { try reader.add(element, path: [AnyCodingKey(intValue: index)]) }
        return reader
    }

    static func parse(file url: URL) throws -> JSONValue {
        try JSONParser.parse(String(contentsOf: url, encoding: .utf8))
    }

    /// CommonMark as the site renders it.
    static func html(_ markdown: String) -> String {
        CommonMarkRenderer().render(markdown, format: .markdown).html
    }

    /// The HTML of a message's markdown (or "" for other kinds).
    static func html(_ message: Message) -> String {
        guard case .markdown(let markdown) = message.kind else { return "" }
        return html(markdown)
    }

    static func markdown(_ message: Message) -> String? {
        guard case .markdown(let markdown) = message.kind else { return nil }
        return markdown
    }

    static func system(_ message: Message) -> SystemEvent? {
        guard case .system(let event) = message.kind else { return nil }
        return event
    }

    static func media(_ message: Message) -> MediaItem? {
        switch message.kind {
        case .photo(let item), .video(let item), .audio(let item), .voice(let item), .file(let item), .sticker(let item): item
        default: nil
        }
    }

    static func preview(_ message: Message) -> LinkPreview? {
        guard case .linkPreview(let preview) = message.kind else { return nil }
        return preview
    }
}
