import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Turns Messenger / Instagram message objects into messages. `convert` works on one message (and runs on all
/// cores); `assemble` then orders them, names them and collects the participants.
struct MessengerMessages: Sendable {
    /// One converted export message: one or more messages (a message with several photos becomes one message
    /// per photo), when it was sent in epoch milliseconds, and the names it mentions as sender or reactor.
    package struct Converted: Sendable {
        package var parts: [Message]
        package var milliseconds: Double
        package var names: [String]
        /// What could not be read (empty for a message as Facebook writes it).
        var problems = FieldProblems()
    }

    /// The fields that hold lists of objects.
    static let listKeys = ["photos", "gifs", "videos", "audio_files", "files", "reactions"]

    /// An error in one message: the JSON path below the message and what is wrong.
    struct Failure: Error {
        package var key: String
        package var message: String
    }

    /// One message. A message that is not an object or has no time is an error (`Failure`); any other field of
    /// the wrong type is noted in `problems` (the importer warns of it with its file, line and JSON path), shown
    /// as written when it is a number given for text, and otherwise kept in a `fields` part after the message.
    func convert(_ json: JSONValue) throws -> Converted {
        guard case .object(let fields) = json else {
            throw Failure(key: "", message: "expected a message object, found \(json.kindDescription)")
        }
        let milliseconds: Double
        switch fields["timestamp_ms"] {
        case .number(let value)?: milliseconds = value
        case .string(let text)? where Double(text) != nil: milliseconds = Double(text)!
        case nil: throw Failure(key: "timestamp_ms", message: "\"timestamp_ms\" is required but missing")
        case let value?: throw Failure(key: "timestamp_ms", message: "expected epoch milliseconds, found \(value.compactJSON.prefix(40))")
        }
        let date = Timestamp(secondsSince1970: milliseconds / 1000)
        guard date.isRepresentable else {
            throw Failure(key: "timestamp_ms", message: "epoch milliseconds out of range: \(fields["timestamp_ms"]!.compactJSON.prefix(40))")
        }
        var problems = FieldProblems()
        let sender = problems.text(fields["sender_name"], at: "sender_name", what: "the sender's name")
            .map(MessengerText.repair).flatMap { $0.isEmpty ? nil : $0 }
        let content = problems.text(fields["content"], at: "content", what: "the text").map(MessengerText.repair) ?? ""
        _ = problems.text(fields["type"], at: "type", what: "the type")
        for key in Self.listKeys { problems.checkObjects(in: fields[key], at: key) }
        let reactions = Self.reactions(fields["reactions"])
        var names = sender.map { [$0] } ?? []
        names += reactions.flatMap(\.by)

        var kinds = Self.mediaKinds(fields, caption: content.isEmpty ? nil : content)
        if let preview = Self.share(fields, content: content) {
            kinds.append(preview)
        }
        if kinds.isEmpty {
            kinds = [Self.contentKind(fields, content: content, sender: sender)]
        }
        var parts = kinds.map { Message(id: "", sender: sender, date: date, kind: $0) }
        parts[0].reactions = reactions
        if case .bool(true)? = fields["is_unsent"] {
            for index in parts.indices { parts[index].deleted = true }
        }
        if let part = problems.keptPart(id: "", sender: sender, date: date) { parts.append(part) }
        return Converted(parts: parts, milliseconds: milliseconds, names: names, problems: problems)
    }

    /// The messages in time order (stable, so messages of the same millisecond keep the export's order), with
    /// ids `<timestamp_ms>-<n>` (n counting the messages of the same millisecond from 1), and the participants:
    /// the listed ones first, then everyone else who sends or reacts, in order of appearance.
    static func assemble(_ converted: [Converted], listed: [String]) -> (messages: [Message], participants: [Participant]) {
        let ordered = converted.enumerated().sorted {
            $0.element.milliseconds != $1.element.milliseconds ? $0.element.milliseconds < $1.element.milliseconds : $0.offset < $1.offset
        }.map(\.element)
        var participants = listed.map { Participant(id: $0, name: $0) }
        var known = Set(listed)
        var messages: [Message] = []
        messages.reserveCapacity(ordered.count)
        var lastMilliseconds = Double.nan
        var counter = 0
        for item in ordered {
            for name in item.names where !known.contains(name) {
                known.insert(name)
                participants.append(Participant(id: name, name: name))
            }
            for var part in item.parts {
                if item.milliseconds == lastMilliseconds { counter += 1 } else { counter = 1 }
                lastMilliseconds = item.milliseconds
                let stamp = item.milliseconds == item.milliseconds.rounded() && abs(item.milliseconds) < 1e15
                    ? String(Int64(item.milliseconds)) : String(item.milliseconds)
                part.id = "\(stamp)-\(counter)"
                messages.append(part)
            }
        }
        return (messages, participants)
    }

    // MARK: - Kinds

    /// Photos, videos, GIFs, audio, files and the sticker, one kind each; the caption goes with the first.
    static func mediaKinds(_ fields: [String: JSONValue], caption: String?) -> [MessageKind] {
        var kinds: [MessageKind] = []
        var caption = caption
        func items(_ key: String) -> [[String: JSONValue]] {
            guard case .array(let list)? = fields[key] else { return [] }
            return list.compactMap { if case .object(let item) = $0 { return item } else { return nil } }
        }
        func media(_ item: [String: JSONValue], name: Bool = false, mimeType: String? = nil) -> MediaItem {
            let uri = MessengerText.string(item["uri"]).flatMap { $0.isEmpty ? nil : $0 }
            var thumbnail: String?
            if case .object(let thumb)? = item["thumbnail"] { thumbnail = MessengerText.string(thumb["uri"]) }
            let media = MediaItem(
                file: uri, name: name ? uri.flatMap { $0.split(separator: "/").last.map(String.init) } : nil,
                mimeType: mimeType, thumbnail: thumbnail, caption: caption)
            caption = nil
            return media
        }
        for item in items("photos") { kinds.append(.photo(media(item))) }
        for item in items("gifs") { kinds.append(.photo(media(item, mimeType: "image/gif"))) }
        for item in items("videos") { kinds.append(.video(media(item))) }
        for item in items("audio_files") { kinds.append(.audio(media(item))) }
        for item in items("files") { kinds.append(.file(media(item, name: true))) }
        if case .object(let sticker)? = fields["sticker"] { kinds.append(.sticker(media(sticker))) }
        return kinds
    }

    /// `share{link, share_text}` as a link preview when the link is a safe web address; the message's text
    /// (the link again, or "X sent an attachment.") is kept as the preview's text.
    package static func share(_ fields: [String: JSONValue], content: String) -> MessageKind? {
        guard case .object(let share)? = fields["share"] else { return nil }
        let shareText = MessengerText.string(share["share_text"]).flatMap { $0.isEmpty ? nil : $0 }
        let link = MessengerText.string(share["link"]).flatMap { $0.isEmpty ? nil : $0 }
        guard let link, let url = SafeURL.web(link) else {
            let text = [content.isEmpty ? nil : content, shareText, link].compactMap { $0 }.joined(separator: "\n")
            return text.isEmpty ? nil : .text(text)
        }
        let text = content.isEmpty ? shareText : content
        return .linkPreview(LinkPreview(
            url: url, text: text, description: shareText == text ? nil : shareText,
            siteName: MessengerText.string(share["original_content_owner"])))
    }

    /// A message without media: a call, a join or leave, a poll or another event Messenger writes as text, or
    /// plain text (also for `type` values this version does not know).
    static func contentKind(_ fields: [String: JSONValue], content: String, sender: String?) -> MessageKind {
        let type = MessengerText.string(fields["type"]) ?? ""
        let who = sender ?? "Someone"
        if type == "Call" || fields["call_duration"] != nil {
            var text = content.isEmpty ? "\(who) called" : content
            if case .number(let seconds)? = fields["call_duration"], seconds > 0 {
                text += " (\(MessageDetails.formatDuration(seconds)))"
            }
            return .system(SystemEvent(event: .call, text: text))
        }
        var users: [String] = []
        if case .array(let list)? = fields["users"] {
            for case .object(let user) in list { if let name = MessengerText.string(user["name"]) { users.append(name) } }
        }
        if type == "Subscribe" || (!users.isEmpty && !isLeave(content)) {
            let text = content.isEmpty ? (users.isEmpty ? "\(who) joined" : "\(who) added \(ListFormatting.join(users))") : content
            return .system(SystemEvent(event: .join, text: text))
        }
        if type == "Unsubscribe" {
            let text = content.isEmpty ? (users.isEmpty ? "\(who) left" : "\(who) removed \(ListFormatting.join(users))") : content
            return .system(SystemEvent(event: .leave, text: text))
        }
        if let event = event(content, sender: sender) { return .system(event) }
        if case .object(let poll)? = fields["poll"], let question = MessengerText.string(poll["question"]) {
            var options: [Poll.Option] = []
            if case .array(let list)? = poll["options"] {
                for case .object(let option) in list {
                    var votes: Int?
                    if case .number(let count)? = option["votes"] ?? option["vote_count"] { votes = Int(exactly: count.rounded()) }
                    let text = MessengerText.string(option["text"]) ?? MessengerText.string(option["option"]) ?? ""
                    options.append(Poll.Option(text: text, votes: votes))
                }
            }
            return .poll(Poll(question: question, options: options))
        }
        return .text(content)
    }

    private static func isLeave(_ content: String) -> Bool {
        content.hasSuffix(" left the group.") || content.hasSuffix(" from the group.") || content.hasSuffix(" left the group")
    }

    /// The events Messenger and Instagram write as a message's text, recognised only when the text starts with
    /// the sender's name (or "You"), so a person's own words are never taken for one.
    package static func event(_ content: String, sender: String?) -> SystemEvent? {
        if content == "This poll is no longer available." { return SystemEvent(event: .other, text: content) }
        let fromSender = ["You"] + (sender.map { [$0] } ?? [])
        guard fromSender.contains(where: { content.hasPrefix($0 + " ") || content.hasPrefix($0 + "'") }) else { return nil }
        let body = content.hasSuffix(".") ? String(content.dropLast()) : content
        if body.hasSuffix(" joined the group") || body.hasSuffix(" joined the chat") || body.hasSuffix(" to the group") {
            return SystemEvent(event: .join, text: content)
        }
        if body.hasSuffix(" left the group") || body.hasSuffix(" left the chat") || body.hasSuffix(" from the group") {
            return SystemEvent(event: .leave, text: content)
        }
        if body.contains(" named the group ") || body.contains(" changed the group name ") {
            return SystemEvent(event: .rename, text: content)
        }
        if body.contains(" created the group") { return SystemEvent(event: .create, text: content) }
        if body.hasSuffix(" created a poll") || body.contains(" created a poll:") || body.hasSuffix("poll has multiple updates")
            || body.contains(" voted for ") || body.contains(" changed their vote ") || body.contains(" poll")
                && (body.hasSuffix(" updates") || body.hasSuffix(" closed"))
        {
            return SystemEvent(event: .other, text: content)
        }
        if body.hasSuffix(" changed the group photo") || body.contains(" set the nickname for ") || body.contains(" set your nickname ")
            || body.contains(" set his own nickname ") || body.contains(" set her own nickname ")
            || body.contains(" set their own nickname ")
            || body.contains(" changed the chat theme") || body.contains(" set the emoji to ") || body.contains(" pinned a message")
        {
            return SystemEvent(event: body.contains(" pinned ") ? .pin : .other, text: content)
        }
        return nil
    }

    /// `reactions[{reaction, actor}]`, grouped by emoji in order of first appearance.
    static func reactions(_ json: JSONValue?) -> [Reaction] {
        guard case .array(let list)? = json else { return [] }
        var order: [String] = []
        var byEmoji: [String: [String]] = [:]
        for case .object(let item) in list {
            guard let emoji = MessengerText.string(item["reaction"]), !emoji.isEmpty else { continue }
            if byEmoji[emoji] == nil { order.append(emoji); byEmoji[emoji] = [] }
            if let actor = MessengerText.string(item["actor"]), !actor.isEmpty { byEmoji[emoji]!.append(actor) }
        }
        return order.map { Reaction(emoji: $0, by: byEmoji[$0]!) }
    }
}
