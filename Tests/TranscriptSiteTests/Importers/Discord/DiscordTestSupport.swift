import Foundation

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptText

/// Writes DiscordChatExporter JSON files the way DCE does (indented, ids as strings) for the tests.
enum DCE {
    static func author(
        id: String = "1001", name: String = "ann", nickname: String? = "Ann", color: String? = "#E67E22", isBot: Bool = false,
        avatar: String = "https://cdn.discordapp.com/avatars/1001/a.png", roles: String = "[]"
    ) -> String {
        let nick = nickname.map { #""\#($0)""# } ?? "null"
        let colour = color.map { #""\#($0)""# } ?? "null"
        return #"{ "id": "\#(id)", "name": "\#(name)", "discriminator": "0000", "nickname": \#(nick), "color": \#(colour), "isBot": \#(isBot), "roles": \#(roles), "avatarUrl": "\#(avatar)" }"#
    }

    static let ann = author()
    static let bob = author(id: "1002", name: "bob", nickname: nil, color: nil, avatar: "Example guild - general [200].json_Files\\\\bob-1A2B3.png")
    static let bot = author(id: "1003", name: "Helper", nickname: "Helper", isBot: true)

    static func message(
        _ id: String, _ timestamp: String, _ content: String, author: String = ann, type: String = "Default",
        extra: String = ""
    ) -> String {
        let escaped = content.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        let defaults: [(String, String)] = [
            ("timestampEdited", "null"), ("callEndedTimestamp", "null"), ("isPinned", "false"), ("content", "\"\(escaped)\""),
            ("author", author), ("attachments", "[]"), ("embeds", "[]"), ("stickers", "[]"), ("reactions", "[]"), ("mentions", "[]"),
        ]
        var lines = [#""id": "\#(id)""#, #""type": "\#(type)""#, #""timestamp": "\#(timestamp)""#]
        for (key, value) in defaults where !extra.contains("\"\(key)\":") { lines.append("\"\(key)\": \(value)") }
        if !extra.isEmpty { lines.append(extra) }
        return "{\n  " + lines.joined(separator: ",\n  ") + "\n}"
    }

    static func file(
        channelID: String = "200", type: String = "GuildTextChat", name: String = "general", categoryID: String? = "300",
        category: String? = "Text Channels", guildID: String = "100", guildName: String = "Example guild", messages: [String]
    ) -> String {
        let categoryIDText = categoryID.map { #""\#($0)""# } ?? "null"
        let categoryText = category.map { #""\#($0)""# } ?? "null"
        return """
            {
              "guild": { "id": "\(guildID)", "name": "\(guildName)", "iconUrl": "https://cdn.discordapp.com/icons/100/x.png" },
              "channel": {
                "id": "\(channelID)", "type": "\(type)", "categoryId": \(categoryIDText), "category": \(categoryText),
                "name": "\(name)", "topic": null
              },
              "dateRange": { "after": null, "before": null },
              "exportedAt": "2024-01-01T00:00:00+00:00",
              "messages": [
                \(messages.joined(separator: ",\n"))
              ],
              "messageCount": \(messages.count)
            }
            """
    }

    /// Reads a file or folder with the importer.
    static func read(_ url: URL, me: [String] = []) throws -> [Conversation] {
        var conversations: [Conversation] = []
        try DiscordImporter().importConversations(
            from: ExportSource(url: url, displayPath: url.lastPathComponent),
            context: ImportContext(timeZone: TimeZone(identifier: "UTC")!, me: me)
        ) { conversations.append($0.conversation) }
        return conversations
    }

    /// Writes one file in a new folder and reads it.
    static func read(json: String, name: String = "Example guild - general [200].json", function: String = #function) throws -> [Conversation] {
        let folder = try TestSupport.temporaryFolder(function)
        let file = folder.appendingPathComponent(name)
        try json.write(to: file, atomically: true, encoding: .utf8)
        return try read(file)
    }

    static func html(_ message: Message) -> String? {
        switch message.kind {
        case .markdown(let source): CommonMarkRenderer().render(source, format: .markdown).html
        case .text(let source): CommonMarkRenderer().render(source, format: .plain).html
        default: nil
        }
    }
}
