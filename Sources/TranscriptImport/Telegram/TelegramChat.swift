import Foundation
import TranscriptModel

/// One chat of a Telegram export turned into a conversation.
enum TelegramChat {
    package static func conversation(
        from json: JSONValue, path: String, number: Int, context: ImportContext, displayPath: String
    ) throws -> Conversation {
        let chatPath: JSONPath = path.isEmpty ? [] : path.split(separator: ".").flatMap { part -> [AnyCodingKey] in
            // "chats.list[3]" → chats, list, 3
            let pieces = part.split(separator: "[")
            return [AnyCodingKey(stringValue: String(pieces[0]))]
                + pieces.dropFirst().compactMap { Int($0.dropLast()).map(AnyCodingKey.init(intValue:)) }
        }
        do {
            let chat = try JSONObject(json, path: chatPath, context: JSONDecodingContext(defaultTimeZone: context.timeZone))
            guard case .array(let items)? = chat.value("messages") else {
                throw JSONMappingError.missing(chatPath, "messages")
            }
            let converter = TelegramMessages(context: context)
            let converted = items.enumerated().map { converter.convert($1, index: $0) }
            var header = chat.members
            header["messages"] = nil
            return try conversation(header: header, converted: converted, path: path, number: number, context: context, displayPath: displayPath)
        } catch let error as TranscriptsError {
            throw error
        } catch {
            throw TranscriptsError(decoding: error, file: displayPath)
        }
    }

    /// A chat from its fields (all but `messages`) and its converted messages.
    package static func conversation(
        header: [String: JSONValue], converted: [TelegramMessages.Converted], path: String, number: Int,
        context: ImportContext, displayPath: String
    ) throws -> Conversation {
        let chat = try JSONObject(.object(header), path: [], context: JSONDecodingContext(defaultTimeZone: context.timeZone))
        let name = (try? chat.optionalString("name")) ?? nil
        // Exports written by other tools may lack ids: then the file and the chat's place in it name it.
        let fileName = displayPath.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "telegram"
        let id: String
        do {
            id = try chat.optionalIdentifier("id") ?? "\(fileName)-\(number + 1)"
        } catch {
            throw TranscriptsError(decoding: error, file: displayPath, pathPrefix: path)
        }
        let kind: ConversationKind
        switch (try? chat.optionalString("type")) ?? nil {
        case "personal_chat", "bot_chat", "saved_messages": kind = .direct
        case "private_channel", "public_channel": kind = .channel
        default: kind = .group  // groups, supergroups, and types this version does not know
        }
        let assembled = TelegramMessages.assemble(converted)
        return Conversation(
            id: id, title: name ?? (kind == .direct ? "Saved messages" : "Chat \(number + 1)"), kind: kind,
            participants: assembled.participants, messages: assembled.messages)
    }
}

/// Turns Telegram message objects into messages. `convert` works on one message and runs on all cores;
/// `assemble` then collects the participants and joins posts to their forum topics.
struct TelegramMessages {
    package let context: ImportContext

    init(context: ImportContext) { self.context = context }

    static let notIncluded = "(File not included. Change data exporting settings to download.)"

    /// One converted message, with its sender's name and whether it starts a forum topic.
    package struct Converted: Sendable {
        package var message: Message
        var senderName: String?
        var startsTopic: Bool
    }

    func convert(_ json: JSONValue, index: Int) -> Converted {
        guard case .object(let fields) = json else {
            return Converted(
                message: Message(
                    id: "item-\(index + 1)", sender: nil, date: Timestamp(secondsSince1970: 0),
                    kind: .unsupported(UnsupportedContent(type: "not an object", raw: json))),
                senderName: nil, startsTopic: false)
        }
        let id = Self.identifier(fields["id"]) ?? "m\(index + 1)"
        let date = timestamp(fields, unixKey: "date_unixtime", localKey: "date") ?? Timestamp(secondsSince1970: 0)
        let type = Self.string(fields["type"]) ?? "message"
        let senderID = Self.identifier(fields["from_id"]) ?? Self.identifier(fields["actor_id"])
        let senderName = Self.string(fields["from"]) ?? Self.string(fields["actor"])
        let sender = senderID ?? senderName

        var message: Message
        switch type {
        case "message":
            message = Message(id: id, sender: sender, date: date, kind: kind(of: fields))
        case "service":
            message = Message(id: id, sender: sender, date: date, kind: .system(Self.event(fields, actor: senderName ?? "Someone")))
        default:
            message = Message(id: id, sender: sender, date: date, kind: .unsupported(UnsupportedContent(type: type, raw: json)))
        }
        message.replyTo = Self.identifier(fields["reply_to_message_id"])
        message.edited = timestamp(fields, unixKey: "edited_unixtime", localKey: "edited")
        message.forwardedFrom = Self.string(fields["forwarded_from"])
        message.reactions = Self.reactions(fields["reactions"])
        return Converted(
            message: message, senderName: senderName,
            startsTopic: type == "service" && Self.string(fields["action"]) == "topic_created")
    }

    /// The messages in order, their senders as participants (in order of first appearance), and posts in a
    /// forum topic (a "reply" to the topic's `topic_created` message) joined to it as a thread.
    static func assemble(_ converted: [Converted]) -> (messages: [Message], participants: [Participant]) {
        var participants: [Participant] = []
        var known: Set<String> = []
        var topics: Set<String> = []
        var messages: [Message] = []
        messages.reserveCapacity(converted.count)
        for item in converted {
            var message = item.message
            if let sender = message.sender, !known.contains(sender) {
                known.insert(sender)
                participants.append(Participant(id: sender, name: item.senderName ?? sender))
            }
            if item.startsTopic { topics.insert(message.id) }
            if let reply = message.replyTo, topics.contains(reply) {
                message.thread = reply
                message.replyTo = nil
            }
            messages.append(message)
        }
        return (messages, participants)
    }

    // MARK: - Kinds

    private func kind(of fields: [String: JSONValue]) -> MessageKind {
        let plain = TelegramText.plain(fields)
        let caption = plain.isEmpty ? nil : plain
        func media(_ key: String) -> String? {
            guard let path = Self.string(fields[key]), path != Self.notIncluded, !path.isEmpty else { return nil }
            return path
        }
        let width = Self.int(fields["width"])
        let height = Self.int(fields["height"])
        if fields["photo"] != nil {
            return .photo(MediaItem(file: media("photo"), size: Self.int(fields["photo_file_size"]), width: width, height: height, caption: caption))
        }
        if fields["file"] != nil || fields["media_type"] != nil {
            let item = MediaItem(
                file: media("file"), name: Self.string(fields["file_name"]) ?? Self.audioName(fields),
                mimeType: Self.string(fields["mime_type"]), size: Self.int(fields["file_size"]), width: width, height: height,
                duration: Self.double(fields["duration_seconds"]), thumbnail: media("thumbnail"), caption: caption,
                emoji: Self.string(fields["sticker_emoji"]))
            switch Self.string(fields["media_type"]) {
            case "sticker": return .sticker(item)
            case "voice_message": return .voice(item)
            case "audio_file": return .audio(item)
            case "video_file", "video_message", "animation": return .video(item)
            default: return .file(item)
            }
        }
        if case .object(let location)? = fields["location_information"],
           let latitude = Self.double(location["latitude"]), let longitude = Self.double(location["longitude"]),
           (-90...90).contains(latitude), (-180...180).contains(longitude)
        {
            return .location(Location(
                latitude: latitude, longitude: longitude, name: Self.string(fields["place_name"]),
                address: Self.string(fields["address"])))
        }
        if case .object(let contact)? = fields["contact_information"] {
            let name = [Self.string(contact["first_name"]), Self.string(contact["last_name"])].compactMap { $0 }
                .filter { !$0.isEmpty }.joined(separator: " ")
            return .contact(Contact(name: name.isEmpty ? "Contact" : name, phones: [Self.string(contact["phone_number"])].compactMap { $0 }))
        }
        if case .object(let poll)? = fields["poll"] {
            var options: [Poll.Option] = []
            if case .array(let answers)? = poll["answers"] {
                for case .object(let answer) in answers {
                    options.append(Poll.Option(text: Self.string(answer["text"]) ?? "", votes: Self.int(answer["voters"])))
                }
            }
            return .poll(Poll(question: Self.string(poll["question"]) ?? "Poll", options: options,
                              closed: { if case .bool(let closed)? = poll["closed"] { return closed } else { return false } }()))
        }
        if plain.isEmpty || TelegramText.isPlain(fields) { return .text(plain) }
        return .markdown(TelegramText.markdown(fields))
    }

    private static func audioName(_ fields: [String: JSONValue]) -> String? {
        let parts = [string(fields["performer"]), string(fields["title"])].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " – ")
    }

    /// A service message as an event with a readable label.
    package static func event(_ fields: [String: JSONValue], actor: String) -> SystemEvent {
        let action = string(fields["action"]) ?? "service"
        let title = string(fields["title"]).map { "“\($0)”" }
        var members: [String] = []
        if case .array(let list)? = fields["members"] { members = list.compactMap { string($0) } }
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
            return SystemEvent(event: .other, text: "\(actor) changed the group photo")
        case "pin_message":
            return SystemEvent(event: .pin, text: "\(actor) pinned a message")
        case "phone_call", "group_call":
            var text = "\(actor) called"
            if let seconds = double(fields["duration_seconds"]) { text += " (\(MessageDetails.formatDuration(seconds)))" }
            if let reason = string(fields["discard_reason"]), reason != "hangup" { text += " · \(reason)" }
            return SystemEvent(event: .call, text: text)
        case "topic_created":
            return SystemEvent(event: .create, text: "\(actor) created the topic \(title ?? "")")
        default:
            return SystemEvent(event: .other, text: "\(actor): \(action.replacingOccurrences(of: "_", with: " "))" + (title.map { " " + $0 } ?? ""))
        }
    }

    static func reactions(_ json: JSONValue?) -> [Reaction] {
        guard case .array(let list)? = json else { return [] }
        return list.compactMap { item in
            guard case .object(let reaction) = item else { return nil }
            let emoji = string(reaction["emoji"]) ?? (string(reaction["type"]) == "paid" ? "⭐" : "custom emoji")
            var by: [String] = []
            if case .array(let recent)? = reaction["recent"] {
                for case .object(let entry) in recent {
                    if let id = identifier(entry["from_id"]) ?? string(entry["from"]) { by.append(id) }
                }
            }
            return Reaction(emoji: emoji, by: by, count: int(reaction["count"]))
        }
    }

    // MARK: - Values

    private func timestamp(_ fields: [String: JSONValue], unixKey: String, localKey: String) -> Timestamp? {
        if let seconds = Self.double(fields[unixKey]) ?? Self.string(fields[unixKey]).flatMap(Double.init) {
            return Timestamp(secondsSince1970: seconds)
        }
        if let text = Self.string(fields[localKey]) { return Timestamp(iso8601: text, defaultTimeZone: context.timeZone) }
        return nil
    }

    static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    static func double(_ value: JSONValue?) -> Double? {
        if case .number(let number)? = value { return number }
        return nil
    }

    static func int(_ value: JSONValue?) -> Int? {
        guard let number = double(value), number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// An id as Telegram writes it: a string (`"user123"`) or a whole number.
    static func identifier(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text.isEmpty ? nil : text
        case .number(let number)? where number == number.rounded() && abs(number) < 1e16: return String(Int64(number))
        default: return nil
        }
    }
}
