import Foundation
import TranscriptJSON
import TranscriptModel

/// `ZWAMESSAGE.ZMESSAGETYPE` of WhatsApp for iOS as message kinds (see docs/formats/whatsapp-databases.md for
/// the sources of each value).
enum WhatsAppIOSMessageKinds {
    /// What reading a row found besides its message: an unknown type, a media file not in the backup.
    struct Notes {
        /// Rows of kinds transcripts does not know: what they are (`ZMESSAGETYPE 46`) and their `Z_PK`.
        var unknown: [(what: String, rowID: Int64)] = []
        var missingFiles: [(path: String, location: IOSBackupFiles.Location)] = []
    }

    /// 2001-01-01 00:00:00 UTC in seconds since 1970 (Core Data's reference date).
    static let referenceDate: Double = 978_307_200

    /// The message of a row of `WhatsAppIOSDatabase.messages`; `chat` for the sender of a direct chat.
    static func message(
        _ row: SQLiteRow, chat: WhatsAppDatabaseChat, media: WhatsAppMediaLocator, names: WhatsAppNames, me: String,
        notes: inout Notes
    ) -> WhatsAppDatabaseMessage {
        let rowID = row["pk"].integer ?? 0
        let fromMe = (row["ZISFROMME"].integer ?? 0) != 0
        let seconds: Double = switch row["ZMESSAGEDATE"] {
        case .real(let value): value
        case let value: Double(value.integer ?? 0)
        }
        let type = row["ZMESSAGETYPE"].integer ?? 0
        var sender: String? = nil
        if !fromMe {
            sender = chat.isGroup ? row["member_jid"].text.flatMap { $0.isEmpty ? nil : $0 } : chat.jid
        }
        var message = WhatsAppDatabaseMessage(
            rowID: rowID, keyID: row["ZSTANZAID"].text, fromMe: fromMe, senderJID: sender,
            date: Timestamp(secondsSince1970: referenceDate + seconds, utcOffset: 0), kind: .text(""),
            quotedKeyID: WhatsAppProtobuf.quotedStanzaID(row["ZMETADATA"].bytes))
        let text = row["ZTEXT"].text ?? ""
        let title = row["ZTITLE"].text.flatMap { $0.isEmpty ? nil : $0 }
        switch type {
        case 0, 7:
            message.kind = .text(text)
        case 1, 38:
            message.kind = .photo(item(row, media: media, notes: &notes, caption: title ?? nonEmpty(text)))
        case 2, 39, 11:
            message.kind = .video(item(row, media: media, notes: &notes, caption: title ?? nonEmpty(text)))
        case 3:
            let audio = item(row, media: media, notes: &notes, caption: nil)
            let path = row["ZMEDIALOCALPATH"].text?.lowercased() ?? ""
            message.kind = path.hasSuffix(".opus") || path.isEmpty ? .voice(audio) : .audio(audio)
        case 4:
            message.kind = contact(vCard: row["ZVCARDSTRING"].text, name: row["ZVCARDNAME"].text ?? nonEmpty(text))
        case 5:
            let latitude = row["ZLATITUDE"].real, longitude = row["ZLONGITUDE"].real
            if let latitude, let longitude, (-90...90).contains(latitude), (-180...180).contains(longitude) {
                message.kind = .location(Location(latitude: latitude, longitude: longitude, name: title ?? nonEmpty(text)))
            } else {
                message.kind = .unsupported(UnsupportedContent(type: "location", raw: .object([
                    "Z_PK": .number(Double(rowID)), "ZMESSAGETYPE": .number(5),
                ])))
            }
        case 8:
            var document = item(row, media: media, notes: &notes, caption: nil)
            if let title { document.name = title }
            if document.file == nil, document.name == nil { document.name = "document" }
            message.kind = .file(document)
        case 14:
            message.kind = .text("")
            message.deleted = true
        case 15:
            message.kind = .sticker(item(row, media: media, notes: &notes, caption: nil))
        case 59, 66:
            message.kind = .system(SystemEvent(event: .call, text: fromMe ? "Outgoing call" : "Incoming call", actor: sender))
            message.senderJID = nil
            message.fromMe = false
        case 6, 10:
            let actor = fromMe ? me : sender
            message.kind = event(
                row, type: type, rowID: rowID, text: text, actor: actor,
                actorName: fromMe ? "You" : sender.map(names.name) ?? "Someone", notes: &notes)
            message.fromMe = false
            message.senderJID = nil
        default:
            notes.unknown.append(("ZMESSAGETYPE \(type)", rowID))
            var raw: [String: JSONValue] = ["Z_PK": .number(Double(rowID)), "ZMESSAGETYPE": .number(Double(type))]
            if !text.isEmpty { raw["ZTEXT"] = .string(text) }
            message.kind = .unsupported(UnsupportedContent(type: "message", raw: .object(raw)))
        }
        return message
    }

    /// A group event (type 6) or a note of WhatsApp (10, only the codes of `WhatsAppIOSGroupEvents.notices`), by
    /// `ZGROUPEVENTTYPE` (`WhatsAppIOSGroupEvents`); a type-6 row whose `ZTEXT` holds a name (a number there is something
    /// else) is a rename whatever its code says. Codes no public reader names stay unsupported, with their values.
    private static func event(
        _ row: SQLiteRow, type: Int64, rowID: Int64, text: String, actor: String?, actorName: String, notes: inout Notes
    ) -> MessageKind {
        let eventType = row["ZGROUPEVENTTYPE"].integer ?? 0
        // Without a code (older databases), a name in `ZTEXT` is a rename; code 1 is one in the table.
        if type == 6, eventType == 0, !text.isEmpty, Int(text) == nil {
            return .system(SystemEvent(event: .rename, text: "\(actorName) changed the group name to “\(text)”", actor: actor, title: text))
        }
        if type == 6 || WhatsAppIOSGroupEvents.notices.contains(eventType), let event = WhatsAppIOSGroupEvents.event(
            code: eventType, text: text, actor: actor, actorName: actorName, fromMe: (row["ZISFROMME"].integer ?? 0) != 0)
        {
            return .system(event)
        }
        notes.unknown.append(("ZMESSAGETYPE \(type) with ZGROUPEVENTTYPE \(eventType)", rowID))
        var raw: [String: JSONValue] = [
            "Z_PK": .number(Double(rowID)), "ZMESSAGETYPE": .number(Double(type)), "ZGROUPEVENTTYPE": .number(Double(eventType)),
        ]
        if !text.isEmpty { raw["ZTEXT"] = .string(text) }
        return .unsupported(UnsupportedContent(type: "event", raw: .object(raw)))
    }

    /// The media item of a row: its file (`ZMEDIALOCALPATH`, relative to `Message/`), size and length.
    private static func item(_ row: SQLiteRow, media: WhatsAppMediaLocator, notes: inout Notes, caption: String?) -> MediaItem {
        var item = MediaItem(caption: caption)
        if var path = row["ZMEDIALOCALPATH"].text, !path.isEmpty {
            while path.hasPrefix("/") { path.removeFirst() }
            let (file, missing) = media.locate(path)
            item.file = file
            if let missing { notes.missingFiles.append(missing) }
            let name = (path as NSString).lastPathComponent
            if file.map({ ($0 as NSString).lastPathComponent }) != name { item.name = name }
        }
        item.size = row["ZFILESIZE"].integer.flatMap { $0 > 0 ? Int($0) : nil }
        if let duration = row["ZMOVIEDURATION"].real, duration > 0 { item.duration = duration }
        return item
    }

    /// A shared contact: the vCard's name and numbers, else the name alone.
    static func contact(vCard: String?, name: String?) -> MessageKind {
        // A card that is not vCard keeps the name the message gives.
        if let vCard, let card = (try? VCardReader(displayPath: "").cards(in: vCard))?.first {
            return .contact(Contact(
                name: card.name, phones: card.ids.filter { !$0.contains("@") }, emails: card.ids.filter { $0.contains("@") }))
        }
        return .contact(Contact(name: name ?? "Contact"))
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}

extension SQLiteValue {
    /// The value as a number with a fraction; nil for NULL, text that is no number and blobs.
    var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        case .text(let text): Double(text)
        default: nil
        }
    }
}
