import Foundation
import TranscriptJSON
import TranscriptModel

/// `message.message_type` (older layout: `messages.media_wa_type`) of WhatsApp for Android as message kinds,
/// and `message_system.action_type` of its events (see docs/formats/whatsapp-databases.md for the sources).
enum WhatsAppAndroidMessageKinds {
    /// Rows of kinds transcripts does not know: what they are (`message_type 99`) and their `_id`.
    struct Notes {
        var unknown: [(what: String, rowID: Int64)] = []
    }

    /// The message of a row of `WhatsAppAndroidDatabase.messages`.
    static func message(
        _ row: SQLiteRow, chat: WhatsAppDatabaseChat, vCard: String?, names: WhatsAppNames, me: String, notes: inout Notes
    ) -> WhatsAppDatabaseMessage {
        let rowID = row["id"].integer ?? 0
        let fromMe = (row["from_me"].integer ?? 0) != 0
        let type = row["type"].integer ?? 0
        let status = row["status"].integer ?? 0
        let sender = fromMe ? nil : (row["sender_jid"].text.flatMap { $0.isEmpty ? nil : $0 } ?? (chat.isGroup ? nil : chat.jid))
        let milliseconds = row["timestamp"].integer ?? 0
        var message = WhatsAppDatabaseMessage(
            rowID: rowID, keyID: row["key_id"].text, fromMe: fromMe, senderJID: sender,
            date: Timestamp(secondsSince1970: Double(milliseconds) / 1000, utcOffset: 0), kind: .text(""),
            quotedKeyID: row["quoted_key_id"].text)
        let text = row["text"].text ?? ""
        let caption = row["media_caption"].text.flatMap { $0.isEmpty ? nil : $0 } ?? (text.isEmpty ? nil : text)
        if type == 7 || (status == 6 && row["action_type"].integer != nil) {
            message.kind = event(row, rowID: rowID, actor: fromMe ? me : sender, actorName: fromMe ? "You" : sender.map(names.name) ?? "Someone", notes: &notes)
            message.fromMe = false
            message.senderJID = nil
            return message
        }
        switch type {
        case 0:
            message.kind = .text(text)
        case 1, 42:
            message.kind = .photo(item(row, caption: caption))
        case 3, 13, 43:
            message.kind = .video(item(row, caption: caption))
        case 2:
            let audio = item(row, caption: nil)
            let mime = row["mime_type"].text?.lowercased() ?? ""
            let path = row["file_path"].text ?? ""
            message.kind = mime.contains("opus") || path.contains("Voice Notes") || path.lowercased().hasSuffix(".opus") ? .voice(audio) : .audio(audio)
        case 4:
            message.kind = WhatsAppIOSMessageKinds.contact(vCard: vCard, name: text.isEmpty ? nil : text)
        case 5, 16:
            if let latitude = row["latitude"].real, let longitude = row["longitude"].real,
               (-90...90).contains(latitude), (-180...180).contains(longitude) {
                message.kind = .location(Location(
                    latitude: latitude, longitude: longitude, name: row["place_name"].text.flatMap { $0.isEmpty ? nil : $0 },
                    address: row["place_address"].text.flatMap { $0.isEmpty ? nil : $0 }))
            } else {
                message.kind = .unsupported(UnsupportedContent(type: "location", raw: .object(["_id": .number(Double(rowID))])))
            }
        case 9:
            var document = item(row, caption: nil)
            if document.name == nil, document.file == nil { document.name = text.isEmpty ? "document" : text }
            message.kind = .file(document)
        case 15:
            message.kind = .text("")
            message.deleted = true
        case 20:
            message.kind = .sticker(item(row, caption: nil))
        default:
            notes.unknown.append(("message_type \(type)", rowID))
            var raw: [String: JSONValue] = ["_id": .number(Double(rowID)), "message_type": .number(Double(type))]
            if !text.isEmpty { raw["text_data"] = .string(text) }
            message.kind = .unsupported(UnsupportedContent(type: "message", raw: .object(raw)))
        }
        return message
    }

    /// A group or chat event (`message_system.action_type`).
    private static func event(_ row: SQLiteRow, rowID: Int64, actor: String?, actorName: String, notes: inout Notes) -> MessageKind {
        let action = row["action_type"].integer ?? -1
        let text = row["text"].text ?? ""
        switch action {
        case 1 where !text.isEmpty:
            return .system(SystemEvent(event: .rename, text: "\(actorName) changed the group name to “\(text)”", actor: actor, title: text))
        case 1: return .system(SystemEvent(event: .rename, text: "\(actorName) changed the group name", actor: actor))
        case 4: return .system(SystemEvent(event: .join, text: "\(actorName) joined", actor: actor))
        case 5: return .system(SystemEvent(event: .leave, text: "\(actorName) left", actor: actor))
        case 6: return .system(SystemEvent(event: .photo, text: "\(actorName) changed the group icon", actor: actor))
        case 11:
            return .system(SystemEvent(
                event: .create, text: text.isEmpty ? "\(actorName) created the group" : "\(actorName) created the group “\(text)”",
                actor: actor, title: text.isEmpty ? nil : text))
        case 19: return .system(SystemEvent(event: .other, text: "Messages and calls are end-to-end encrypted."))
        default:
            notes.unknown.append(("message_system action_type \(action)", rowID))
            var raw: [String: JSONValue] = ["_id": .number(Double(rowID)), "action_type": .number(Double(action))]
            if !text.isEmpty { raw["text_data"] = .string(text) }
            return .unsupported(UnsupportedContent(type: "event", raw: .object(raw)))
        }
    }

    /// The media item of a row: its file (`message_media.file_path`, relative to the `WhatsApp` folder), name,
    /// type, size and length.
    private static func item(_ row: SQLiteRow, caption: String?) -> MediaItem {
        var item = MediaItem(caption: caption)
        if let path = row["file_path"].text.flatMap(relativePath) {
            item.file = path
        }
        if let name = row["media_name"].text, !name.isEmpty, name != item.file.map({ ($0 as NSString).lastPathComponent }) {
            item.name = name
        }
        item.mimeType = row["mime_type"].text.flatMap { $0.isEmpty ? nil : $0 }
        item.size = row["file_size"].integer.flatMap { $0 > 0 ? Int($0) : nil }
        if let duration = row["media_duration"].real, duration > 0 { item.duration = duration }
        return item
    }

    /// A `file_path` relative to the `WhatsApp` folder: `Media/WhatsApp Images/IMG-….jpg` as it is; an absolute
    /// path (`/storage/emulated/0/WhatsApp/Media/…`) from the part after `WhatsApp/`; nil when empty or
    /// elsewhere.
    static func relativePath(_ path: String) -> String? {
        guard !path.isEmpty else { return nil }
        guard path.hasPrefix("/") else { return path }
        guard let range = path.range(of: "/WhatsApp/", options: .backwards) else { return nil }
        let rest = String(path[range.upperBound...])
        return rest.isEmpty ? nil : rest
    }
}
