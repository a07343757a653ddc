import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Turns Telegram message objects into messages. `convert` works on one message and runs on all cores;
/// `assemble` then collects the participants and joins posts to their forum topics.
struct TelegramMessages {
    package let context: ImportContext

    init(context: ImportContext) { self.context = context }

    static let notIncluded = "(File not included. Change data exporting settings to download.)"

    /// One converted message, with its sender's name, whether it starts a forum topic, and what of it could not
    /// be read (empty for a message as Telegram writes it).
    package struct Converted: Sendable, Equatable {
        package var message: Message
        var senderName: String?
        var startsTopic: Bool
        /// Set when the date could not be read: the message is then dated like the one before it.
        var undated = false
        var problems = FieldProblems()
    }

    /// One message. Nothing is dropped silently: a field of the wrong type is noted in `problems` (the importer
    /// warns of it with its file, line and JSON path), shown as written when it is a number given for text, and
    /// otherwise kept in a `fields` part after the message.
    ///
    /// It reads a parsed message (`JSONValue`) and one read in place (`JSONTape.Value`) the same way.
    func convert<Fields: JSONView>(_ fields: Fields, index: Int) -> Converted {
        var problems = FieldProblems()
        guard fields.isObject else {
            let json = fields.json
            problems.note("", "expected a message object, found \(json.kindDescription); it is kept as an unsupported message")
            return Converted(
                message: Message(
                    id: "item-\(index + 1)", sender: nil, date: Timestamp(secondsSince1970: 0),
                    kind: .unsupported(UnsupportedContent(type: "not an object", raw: json))),
                senderName: nil, startsTopic: false, problems: problems)
        }
        let givenID = fields[member: "id"]
        let id = problems.identifier(givenID, at: "id", did: "the message is numbered m\(index + 1); \(FieldProblems.keptNote)")
            ?? "m\(index + 1)"
        if givenID?.isNull ?? true { problems.missing("id", did: "the message is numbered m\(index + 1)") }
        let noted = problems.list.count
        let date = timestamp(fields, unixKey: "date_unixtime", localKey: "date", problems: &problems)
        if date == nil, problems.list.count == noted {
            problems.missing("date", did: "the message is dated like the message before it")
        }
        let type = problems.text(fields[member: "type"], at: "type", what: "the type") ?? "message"
        let senderID = problems.identifier(fields[member: "from_id"], at: "from_id", did: "the sender is named by \"from\"; \(FieldProblems.keptNote)")
            ?? problems.identifier(fields[member: "actor_id"], at: "actor_id", did: "the sender is named by \"actor\"; \(FieldProblems.keptNote)")
        let senderName = problems.text(fields[member: "from"], at: "from", what: "the sender's name")
            ?? problems.text(fields[member: "actor"], at: "actor", what: "the sender's name")
        let sender = senderID ?? senderName

        // The fields read in the order their problems are noted, and the message made once from them: made and
        // then changed field by field, it was copied twice on the way out.
        let kind: MessageKind
        switch type {
        case "message": kind = self.kind(of: fields, problems: &problems)
        case "service": kind = .system(Self.event(fields, actor: senderName ?? "Someone", actorID: sender))
        default: kind = .unsupported(UnsupportedContent(type: type, raw: fields.json))
        }
        let replyTo = problems.identifier(
            fields[member: "reply_to_message_id"], at: "reply_to_message_id", did: "the reply is left out; \(FieldProblems.keptNote)")
        let edited = timestamp(fields, unixKey: "edited_unixtime", localKey: "edited", problems: &problems)
        let forwardedFrom = problems.text(fields[member: "forwarded_from"], at: "forwarded_from", what: "who it was forwarded from")
        let message = Message(
            id: id, sender: sender, date: date ?? Timestamp(secondsSince1970: 0), kind: kind, replyTo: replyTo,
            reactions: Self.reactions(fields[member: "reactions"]), edited: edited, forwardedFrom: forwardedFrom)
        return Converted(
            message: message, senderName: senderName,
            startsTopic: type == "service" && Self.string(fields[member: "action"]) == "topic_created", undated: date == nil, problems: problems)
    }

    /// A digest of an assembled message (or of the `fields` part after it): `convert` makes a message from its
    /// bytes and its position alone, and `assemble` may then set its date, thread and reply, so these with the
    /// digest of its bytes tell it from any other. The chat's own fields and participants are digested with the
    /// conversation.
    static func messageDigest(_ message: Message, source: UInt64, index: Int, part: Bool) -> UInt64 {
        messageDigest(date: message.date, thread: message.thread, replyTo: message.replyTo, source: source, index: index, part: part)
    }

    /// `messageDigest(_:source:index:part:)` of the fields it reads (a message passed whole may be copied).
    static func messageDigest(date: Timestamp, thread: String?, replyTo: String?, source: UInt64, index: Int, part: Bool) -> UInt64 {
        var digest = FastDigest()
        digest.add(part ? "telegram message fields 1" : "telegram message 1")
        digest.add(source)
        digest.add(UInt64(index))
        digest.add(date.secondsSince1970.bitPattern)
        digest.add(date.utcOffset.map { "\($0)" } ?? "-")
        digest.add(thread.map { "thread " + $0 } ?? "-")
        digest.add(replyTo.map { "reply " + $0 } ?? "-")
        return digest.value
    }

    // MARK: - Kinds

    private func kind<Fields: JSONView>(of fields: Fields, problems: inout FieldProblems) -> MessageKind {
        let entities = TelegramText.entities(fields, problems: &problems)
        // The text without its formatting: a media message's caption, made only for those (a formatted text
        // message needs its markdown, not this).
        var caption: String? {
            let plain = TelegramText.plain(entities)
            return plain.isEmpty ? nil : plain
        }
        func media(_ key: String) -> String? {
            guard let value = fields[key], !value.isNull else { return nil }
            if let path = value.stringValue { return path != Self.notIncluded && !path.isEmpty ? path : nil }
            problems.wrongType(key, expected: "a file's path", found: value.json, did: "the file is left out; \(FieldProblems.keptNote)")
            return nil
        }
        // Looked up only for the kinds that have them: a text message would look for each key in vain.
        var width: Int? { Self.int(fields[member: "width"]) }
        var height: Int? { Self.int(fields[member: "height"]) }
        if fields[member: "photo"] != nil {
            return .photo(MediaItem(file: media("photo"), size: Self.int(fields[member: "photo_file_size"]), width: width, height: height, caption: caption))
        }
        if fields[member: "file"] != nil || fields[member: "media_type"] != nil {
            let item = MediaItem(
                file: media("file"), name: Self.string(fields[member: "file_name"]) ?? Self.audioName(fields),
                mimeType: Self.string(fields[member: "mime_type"]), size: Self.int(fields[member: "file_size"]), width: width, height: height,
                duration: Self.double(fields[member: "duration_seconds"]), thumbnail: media("thumbnail"), caption: caption,
                emoji: Self.string(fields[member: "sticker_emoji"]))
            switch Self.string(fields[member: "media_type"]) {
            case "sticker": return .sticker(item)
            case "voice_message": return .voice(item)
            case "audio_file": return .audio(item)
            case "video_file", "video_message", "animation": return .video(item)
            default: return .file(item)
            }
        }
        if let location = fields[member: "location_information"], location.isObject,
           let latitude = Self.double(location[member: "latitude"]), let longitude = Self.double(location[member: "longitude"]),
           (-90...90).contains(latitude), (-180...180).contains(longitude)
        {
            return .location(Location(
                latitude: latitude, longitude: longitude, name: Self.string(fields[member: "place_name"]),
                address: Self.string(fields[member: "address"])))
        }
        if let contact = fields[member: "contact_information"], contact.isObject {
            let name = [Self.string(contact[member: "first_name"]), Self.string(contact[member: "last_name"])].compactMap { $0 }
                .filter { !$0.isEmpty }.joined(separator: " ")
            return .contact(Contact(name: name.isEmpty ? "Contact" : name, phones: [Self.string(contact[member: "phone_number"])].compactMap { $0 }))
        }
        if let poll = fields[member: "poll"], poll.isObject {
            var options: [Poll.Option] = []
            if let answers = poll[member: "answers"]?.elements {
                for answer in answers where answer.isObject {
                    options.append(Poll.Option(text: Self.string(answer[member: "text"]) ?? "", votes: Self.int(answer[member: "voters"])))
                }
            }
            return .poll(Poll(question: Self.string(poll[member: "question"]) ?? "Poll", options: options, closed: poll[member: "closed"]?.boolValue ?? false))
        }
        if TelegramText.isPlain(entities) { return .text(TelegramText.plain(entities)) }
        if entities.allSatisfy({ $0.text.isEmpty }) { return .text("") }
        return .markdown(TelegramText.markdown(entities))
    }

    private static func audioName<Fields: JSONView>(_ fields: Fields) -> String? {
        let parts = [string(fields[member: "performer"]), string(fields[member: "title"])].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " – ")
    }

    /// A service message as an event with a readable label; with `actorID` (who did it), the events pages
    /// can word in their own language also say who did what in fields (`SystemEvent.actor`, …). Telegram
    /// names added or removed members by name only, so those are names.
    package static func event<Fields: JSONView>(_ fields: Fields, actor: String, actorID: String? = nil) -> SystemEvent {
        var event = label(fields, actor: actor)
        let action = string(fields[member: "action"]) ?? "service"
        guard let actorID else {
            // No one named: an action with no words of its own is shown by its name, as data.
            if event.event == .other { event.title = action }
            return event
        }
        let title = string(fields[member: "title"]).flatMap { $0.isEmpty ? nil : $0 }
        let members = fields[member: "members"]?.elements.map { $0.compactMap { string($0) } } ?? []
        switch action {
        case "create_group", "create_channel", "migrate_from_group":
            event.title = title
        case "invite_members", "remove_members":
            guard !members.isEmpty else { return event }
            event.subjects = members
        case "join_group_by_link", "join_group_by_request", "pin_message", "edit_group_photo", "delete_group_photo":
            break
        case "edit_group_title":
            guard let title else { return event }
            event.title = title
        case "phone_call", "group_call":
            switch string(fields[member: "discard_reason"]) {
            case "missed": event.event = .callMissed
            case "busy": event.event = .callDeclined
            default: event.title = double(fields[member: "duration_seconds"]).map(MessageDetails.formatDuration)
            }
        case "topic_created":
            event.title = title
        case "set_messages_ttl":
            event.event = .timer
            if let period = double(fields[member: "period"]), period > 0, period < 1e12 {
                event.title = String(Int(period))
            }
        case "migrate_to_supergroup":
            event.event = .upgrade
        default:
            // An action with no words of its own: its name, as data.
            guard event.event == .other else { return event }
            event.title = action
        }
        event.actor = actorID
        return event
    }

    private static func label<Fields: JSONView>(_ fields: Fields, actor: String) -> SystemEvent {
        let action = string(fields[member: "action"]) ?? "service"
        let title = string(fields[member: "title"]).map { "“\($0)”" }
        let members = fields[member: "members"]?.elements.map { $0.compactMap { string($0) } } ?? []
        let who = members.isEmpty ? "" : " " + ListFormatting.join(members)
        switch action {
        case "create_group", "create_channel", "migrate_from_group":
            return SystemEvent(event: .create, text: "\(actor) created the group" + (title.map { " " + $0 } ?? ""))
        case "invite_members":
            return SystemEvent(event: .join, text: "\(actor) added\(who)")
        case "join_group_by_link", "join_group_by_request":
            return SystemEvent(event: .join, text: "\(actor) joined the group by link")
        case "joined_telegram":
            return SystemEvent(event: .join, text: "\(actor) joined Telegram")
        case "remove_members":
            return SystemEvent(event: .leave, text: "\(actor) removed\(who)")
        case "edit_group_title":
            return SystemEvent(event: .rename, text: "\(actor) changed the group name to \(title ?? "a new name")")
        case "edit_group_photo":
            return SystemEvent(event: .photo, text: "\(actor) changed the group photo")
        case "delete_group_photo":
            // The label every other action gets (below), as it always was.
            return SystemEvent(event: .photoRemoved, text: "\(actor): delete group photo")
        case "pin_message":
            return SystemEvent(event: .pin, text: "\(actor) pinned a message")
        case "phone_call", "group_call":
            var text = "\(actor) called"
            if let seconds = double(fields[member: "duration_seconds"]) { text += " (\(MessageDetails.formatDuration(seconds)))" }
            if let reason = string(fields[member: "discard_reason"]), reason != "hangup" { text += " · \(reason)" }
            return SystemEvent(event: .call, text: text)
        case "topic_created":
            return SystemEvent(event: .create, text: "\(actor) created the topic \(title ?? "")")
        default:
            return SystemEvent(event: .other, text: "\(actor): \(action.replacingOccurrences(of: "_", with: " "))" + (title.map { " " + $0 } ?? ""))
        }
    }

    static func reactions<Value: JSONView>(_ json: Value?) -> [Reaction] {
        guard let list = json?.elements else { return [] }
        return list.compactMap { reaction in
            guard reaction.isObject else { return nil }
            let emoji = string(reaction[member: "emoji"]) ?? (string(reaction[member: "type"]) == "paid" ? "⭐" : "custom emoji")
            var by: [String] = []
            if let recent = reaction[member: "recent"]?.elements {
                for entry in recent where entry.isObject {
                    if let id = identifier(entry[member: "from_id"]) ?? string(entry[member: "from"]) { by.append(id) }
                }
            }
            return Reaction(emoji: emoji, by: by, count: int(reaction[member: "count"]))
        }
    }

    // MARK: - Values

    /// The time of `unixKey` (seconds since 1970, a string or a number), else of `localKey` (ISO 8601, in the
    /// site's time zone); a value that cannot be read, or a time no calendar holds (`1e300`, `"nan"`, beyond
    /// `Timestamp.representableSeconds`), is noted and kept.
    private func timestamp<Fields: JSONView>(
        _ fields: Fields, unixKey: String, localKey: String, problems: inout FieldProblems
    ) -> Timestamp? {
        let unix = fields[unixKey]
        var seconds: Double?
        if let number = unix?.numberValue {
            seconds = number
        } else if let text = unix?.stringValue {
            seconds = Self.wholeSeconds(text) ?? Double(text)
        }
        if let seconds {
            let date = Timestamp(secondsSince1970: seconds)
            if date.isRepresentable { return date }
        }
        let what = unixKey == "date_unixtime" ? "the message is dated like the message before it" : "the edit time is left out"
        let local = fields[localKey].flatMap { $0.isNull ? nil : $0 }
        if let unix, !unix.isNull {
            let did = (local == nil ? what : "the time is read from \"\(localKey)\"") + "; \(FieldProblems.keptNote)"
            let json = unix.json
            if seconds != nil {
                problems.note(unixKey, "epoch seconds out of range: \(json.compactJSON.prefix(40)); \(did)", keeping: json)
            } else {
                problems.wrongType(unixKey, expected: "seconds since 1970 such as \"1704103200\"", found: json, did: did)
            }
        }
        guard let local else { return nil }
        if let text = local.stringValue {
            if let date = Timestamp(iso8601: text, defaultTimeZone: context.timeZone) { return date }
            let json = local.json
            problems.note(
                localKey, "expected a date such as 2024-01-01T10:00:00, found \(json.kindDescription); \(what); \(FieldProblems.keptNote)",
                keeping: json)
            return nil
        }
        problems.wrongType(localKey, expected: "a date such as \"2024-01-01T10:00:00\"", found: local.json, did: "\(what); \(FieldProblems.keptNote)")
        return nil
    }

    /// The value of a text of 1 to 15 ASCII digits (as Telegram writes `date_unixtime`), which `Double(_:)` gives
    /// too, without its general parsing; nil for any other text.
    static func wholeSeconds(_ text: String) -> Double? {
        var text = text
        // The digits read in place (through `utf8`, each cost about twenty instructions).
        return text.withUTF8 { digits in
            guard (1...15).contains(digits.count) else { return nil }
            var value = 0
            for digit in digits {
                guard digit >= 0x30, digit <= 0x39 else { return nil }
                value = value * 10 + Int(digit - 0x30)
            }
            return Double(value)
        }
    }

    static func string<Value: JSONView>(_ value: Value?) -> String? {
        value?.stringValue
    }

    static func double<Value: JSONView>(_ value: Value?) -> Double? {
        value?.numberValue
    }

    static func int<Value: JSONView>(_ value: Value?) -> Int? {
        guard let number = double(value), number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// An id as Telegram writes it: a string (`"user123"`) or a whole number.
    static func identifier<Value: JSONView>(_ value: Value?) -> String? {
        if let text = value?.stringValue { return text.isEmpty ? nil : text }
        if let number = value?.numberValue, number == number.rounded(), abs(number) < 1e16 { return String(Int64(number)) }
        return nil
    }
}
