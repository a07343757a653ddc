import Foundation

/// How a Telegram export is recognised: by the structure of `result.json` (see `JSONOutline`), never by what
/// its strings hold.
extension TelegramImporter {
    public var expectedShape: String {
        "Telegram Desktop's result.json: an object with \"messages\" (a chat, with its \"type\" such as \"personal_chat\") or with \"chats\": {\"list\": [...]} (the account)"
    }

    public func canImport(_ probe: ExportProbe) -> Bool {
        if probe.isFolder {
            let result = probe.url.appendingPathComponent("result.json")
            return FileManager.default.fileExists(atPath: result.path) && canImport(ExportProbe(result))
        }
        guard let root = probe.jsonOutline?.root else { return false }
        return Self.isExport(root)
    }

    /// The chat types Telegram writes: `personal_chat`, `bot_chat`, `saved_messages`, `private_group`,
    /// `private_supergroup`, `public_supergroup`, `private_channel`, `public_channel`, ...
    static func isChatType(_ type: String) -> Bool {
        type == "saved_messages" || type == "replies" || type == "verification_codes"
            || ["_chat", "_group", "_supergroup", "_channel"].contains { type.hasSuffix($0) }
    }

    /// An account export (`personal_information`, or `chats` with its `list`), or a chat: `messages` with a
    /// Telegram chat type, or whose first message has Telegram's fields. A file cut short before its messages,
    /// or whose messages are not a list, counts when its type is a chat type, so that reading it reports where
    /// it breaks.
    static func isExport(_ root: JSONOutline.Value) -> Bool {
        guard root.isObject else { return false }
        if root["personal_information"]?.isObject == true { return true }
        for key in ["chats", "left_chats"] {
            if let chats = root[key], chats.isObject, chats["list"] != nil || (chats.keys == ["about"] && !chats.isComplete) {
                return true
            }
        }
        let hasChatType = root["type"]?.text.map(isChatType) ?? false
        guard let messages = root["messages"] else { return hasChatType && !root.isComplete }
        // A chat whose "messages" is not a list is still Telegram's: reading it says where it is wrong.
        if hasChatType { return true }
        guard messages.isArray || !messages.isComplete else { return false }
        guard let first = messages.first else { return false }
        return isMessage(first)
    }

    /// A message object as Telegram writes it: `date_unixtime`, `from_id` or `text_entities`, or a `type` of
    /// `message` or `service` with a `date`.
    static func isMessage(_ message: JSONOutline.Value) -> Bool {
        let keys = Set(message.keys)
        if keys.contains("date_unixtime") || keys.contains("from_id") || keys.contains("text_entities") { return true }
        guard let type = message["type"]?.text else { return false }
        return (type == "message" || type == "service") && keys.contains("date")
    }
}
