import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// A message of a DiscordChatExporter file that cannot be read: its JSON path and what is wrong.
struct DiscordFieldError: Error {
    package var path: String
    package var message: String
    /// The field below the message (`id`, `timestamp`).
    var key: String { path.split(separator: ".", maxSplits: 1).dropFirst().first.map(String.init) ?? "" }
}

/// Turns DiscordChatExporter message objects into messages. `convert` works on one message and runs on all
/// cores; the importer then merges, deduplicates and orders them.
///
/// One Discord message can become several messages of the model, which has one kind per message: its text,
/// then each attachment, sticker and embed, then those of the message it forwards (`forwardedMessage`, the first
/// of them with `forwardedFrom`, and `forwardedDate` and `forwardedEdited`: the forwarded message's own
/// `timestamp` and `timestampEdited`), then its buttons (`components`), with the ids `ID`, `ID-2`, `ID-3`, ... A
/// message whose only content is a link and its one embed becomes a single `linkPreview`.
package struct DiscordMessages: Sendable {
    /// The channel the file exports.
    let channelID: String
    /// Channel ids to names, for `<#id>` mentions and thread labels.
    let channelNames: [String: String]
    /// The folder the media paths are relative to, to choose between a path and its percent-decoded form.
    package let mediaFolder: URL

    /// Someone seen in a message: its author or someone who reacted.
    struct Person: Sendable {
        package var id: String
        package var name: String
        package var avatar: String?
        package var color: String?
        var bot = false
    }

    /// One converted Discord message.
    package struct Converted: Sendable {
        var discordID: String
        package var date: Timestamp
        var edited: Timestamp?
        package var messages: [Message]
        var people: [Person]
        /// For a `ThreadCreated` event, the thread's channel id.
        var startsThread: String?
        /// What could not be read (empty for a message as DCE writes it).
        var problems = FieldProblems()
    }

    /// The fields that hold lists of objects.
    static let listKeys = ["attachments", "embeds", "stickers", "reactions", "mentions", "components"]
    /// The lists of objects of a forwarded message (`forwardedMessage`).
    static let forwardedListKeys = ["attachments", "embeds", "stickers"]

    /// The system types and their events; other types with content are ordinary messages.
    static let systemEvents: [String: SystemEvent.Event] = [
        "GuildMemberJoin": .join, "RecipientAdd": .join, "RecipientRemove": .leave, "Call": .call,
        "ChannelNameChange": .rename, "ChannelIconChange": .photo, "ChannelPinnedMessage": .pin, "ThreadCreated": .create,
        "GuildBoost": .boost, "GuildBoostTier1": .boost, "GuildBoostTier2": .boost, "GuildBoostTier3": .boost,
        "ChannelFollowAdd": .follow, "ThreadStarterMessage": .threadStarter, "21": .threadStarter,
    ]

    /// One message. A message without an id or time is an error (`DiscordFieldError`); any other field of the
    /// wrong type is noted in `problems` (the importer warns of it with its file, line and JSON path), shown as
    /// written when it is a number given for text, and otherwise kept in a `fields` part after the message.
    func convert(_ json: JSONValue, index: Int) throws -> Converted {
        let path = "messages[\(index)]"
        var problems = FieldProblems()
        guard case .object(let fields) = json else {
            problems.note("", "expected a message object, found \(json.kindDescription); it is kept as an unsupported message")
            return Converted(
                discordID: "item-\(index + 1)", date: Timestamp(secondsSince1970: 0), edited: nil,
                messages: [Message(
                    id: "item-\(index + 1)", sender: nil, date: Timestamp(secondsSince1970: 0),
                    kind: .unsupported(UnsupportedContent(type: "not an object", raw: json)))],
                people: [], startsThread: nil, problems: problems)
        }
        guard let id = Self.identifier(fields["id"]) else {
            throw DiscordFieldError(path: path + ".id", message: "expected the message's id (a string)")
        }
        guard let dateText = Self.string(fields["timestamp"]) else {
            throw DiscordFieldError(path: path + ".timestamp", message: "expected the message's timestamp")
        }
        guard let date = Timestamp(iso8601: dateText, defaultTimeZone: TimeZone(identifier: "UTC")) else {
            throw DiscordFieldError(
                path: path + ".timestamp",
                message: "expected an ISO 8601 date such as 2023-01-06T14:03:03.853+00:00, found \"\(dateText)\"")
        }
        let edited = time(fields["timestampEdited"], at: "timestampEdited", what: "the edit time", problems: &problems)
        let type = problems.text(fields["type"], at: "type", what: "the type") ?? "Default"
        let content = problems.text(fields["content"], at: "content", what: "the text") ?? ""
        for key in Self.listKeys { problems.checkObjects(in: fields[key], at: key) }

        var people: [Person] = []
        var sender: String?
        var senderName = "Someone"
        var roles: [String: String] = [:]
        switch fields["author"] {
        case .object(let author)?:
            if let person = person(author) {
                people.append(person)
                sender = person.id
                senderName = person.name
                Self.collectRoles(author, into: &roles)
            } else {
                problems.note(
                    "author", "expected an object with the author's id, found one without; the sender is left out; \(FieldProblems.keptNote)",
                    keeping: fields["author"])
            }
        case .string?, .number?:
            // A name where DCE writes an object: the name stands for the sender.
            let name = fields["author"]!.displayText
            problems.note("author", "expected an object with the author's id and name, found \(fields["author"]!.kindDescription); it is taken as the sender's name")
            people.append(Person(id: name, name: name))
            sender = name
            senderName = name
        case nil, .null?:
            break
        case let other?:
            problems.wrongType("author", expected: "an object with the author's id and name", found: other, did: "the sender is left out; \(FieldProblems.keptNote)")
        }
        var names = DiscordMarkdown.Names(users: [:], channels: channelNames, roles: [:])
        if case .array(let mentions)? = fields["mentions"] {
            for case .object(let mention) in mentions {
                if let person = person(mention) { names.users[person.id] = person.name }
                Self.collectRoles(mention, into: &roles)
            }
        }
        names.roles = roles
        let markdown = DiscordMarkdown(names: names)
        let reference = problems.object(fields["reference"], at: "reference", did: "the reply is left out")
        let referencedMessage = reference.flatMap { Self.identifier($0["messageId"]) }
        let referencedChannel = reference.flatMap { Self.identifier($0["channelId"]) }
        let forwarded = problems.object(fields["forwardedMessage"], at: "forwardedMessage", did: "the forwarded message is left out")
        // A forward's reference names the message it forwards, which it does not reply to.
        let isForward = forwarded != nil || reference.map { Self.string($0["type"]) == "Forward" } ?? false

        var kinds: [MessageKind] = []
        var replyTo: String?
        var startsThread: String?
        /// The first of `kinds` that a forwarded message holds.
        var forwardedStart: Int?
        /// The forwarded message's own times.
        var forwardedDate: Timestamp?
        var forwardedEdited: Timestamp?
        let hasContent = !content.isEmpty || Self.nonEmptyArray(fields["attachments"]) || Self.nonEmptyArray(fields["embeds"])
            || Self.nonEmptyArray(fields["stickers"]) || forwarded != nil
        if let event = Self.systemEvents[type] ?? (type == "Default" || type == "Reply" || hasContent ? nil : .other) {
            var text: String
            // What pages can word in their own language (see `SystemEvent.actor`).
            var described = false
            var title: String?
            switch type {
            case "Call":
                text = "\(senderName) started a call"
                described = true
                if let ended = Self.string(fields["callEndedTimestamp"]).flatMap({ Timestamp(iso8601: $0, defaultTimeZone: nil) }),
                   ended.secondsSince1970 > date.secondsSince1970
                {
                    title = MessageDetails.formatDuration(ended.secondsSince1970 - date.secondsSince1970)
                    text += " (\(title!))"
                }
            case "ThreadCreated":
                startsThread = referencedChannel
                text = "\(senderName) started a thread"
                described = true
                if let thread = referencedChannel.flatMap({ channelNames[$0] }) {
                    text += " “\(thread)”"
                    title = thread
                }
            case "ThreadStarterMessage", "21":
                // The first item of a thread started from a message: that message, in the parent channel.
                text = "Thread started from \(senderName)’s message"
                described = true
                replyTo = referencedMessage
            case "ChannelPinnedMessage":
                text = "\(senderName) pinned a message"
                described = true
                replyTo = referencedMessage
            default:
                let label = DiscordMarkdown.plain(markdown.inlines(content)).trimmingCharacters(in: .whitespacesAndNewlines)
                if label.isEmpty {
                    switch event {
                    case .join:
                        text = "\(senderName) joined"
                        described = true
                    case .leave:
                        text = "\(senderName) left"
                        described = true
                    case .rename: text = "\(senderName) changed the channel name"
                    default: text = "\(senderName): \(type)"
                    }
                } else if label.hasPrefix(senderName) {
                    text = label
                } else {
                    text = senderName + " " + (label.first.map { $0.lowercased() + label.dropFirst() } ?? label)
                }
            }
            // A new channel icon, a boost (the level it reached), a followed channel: who did it. Another event
            // has no words of its own: its type, as data.
            switch event {
            case .photo, .follow: described = true
            case .boost:
                described = true
                if type.hasPrefix("GuildBoostTier") { title = String(type.dropFirst("GuildBoostTier".count)) }
            case .other:
                described = true
                title = type
            default: break
            }
            // Who was added or removed: the one user the message mentions.
            var subjects: [String]?
            if type == "RecipientAdd" || type == "RecipientRemove", case .array(let list)? = fields["mentions"] {
                let mentioned = list.compactMap { item -> Person? in
                    guard case .object(let user) = item else { return nil }
                    return person(user)
                }
                if mentioned.count == 1 {
                    people.append(mentioned[0])
                    subjects = [mentioned[0].id]
                    described = true
                }
            }
            kinds = [.system(described && sender != nil
                ? SystemEvent(event: event, text: text, actor: sender, subjects: subjects, title: title)
                : SystemEvent(event: event, text: text, title: event == .other ? type : nil))]
        } else {
            replyTo = isForward ? nil : referencedMessage
            kinds = self.kinds(fields, content: content, at: "", markdown: markdown, problems: &problems)
            if let forwarded {
                let prefix = "forwardedMessage."
                let forwardedContent = problems.text(forwarded["content"], at: prefix + "content", what: "the text") ?? ""
                forwardedDate = time(forwarded["timestamp"], at: prefix + "timestamp", what: "the forwarded message's time", problems: &problems)
                forwardedEdited = time(
                    forwarded["timestampEdited"], at: prefix + "timestampEdited", what: "the forwarded message's edit time", problems: &problems)
                for key in Self.forwardedListKeys { problems.checkObjects(in: forwarded[key], at: prefix + key) }
                let forwardedKinds = self.kinds(forwarded, content: forwardedContent, at: prefix, markdown: markdown, problems: &problems)
                if !forwardedKinds.isEmpty { forwardedStart = kinds.count }
                kinds += forwardedKinds
            }
            let buttons = DiscordComponents.paragraphs(fields["components"], at: "components", problems: &problems)
            if !buttons.isEmpty { kinds.append(.markdown(DiscordMarkdown.write(buttons))) }
        }
        if kinds.isEmpty {
            kinds = [.unsupported(UnsupportedContent(type: type, raw: json))]
        }

        var reactions: [Reaction] = []
        if case .array(let list)? = fields["reactions"] {
            for case .object(let reaction) in list {
                guard case .object(let emoji)? = reaction["emoji"] else { continue }
                let name = Self.string(emoji["name"]) ?? ""
                let isCustom = Self.identifier(emoji["id"]).map { !$0.isEmpty && $0 != "0" } ?? false
                let shown = isCustom || name.isEmpty ? ":\(name.isEmpty ? "emoji" : name):" : name
                var by: [String] = []
                if case .array(let users)? = reaction["users"] {
                    for case .object(let user) in users {
                        if let person = person(user) {
                            by.append(person.id)
                            people.append(person)
                        }
                    }
                }
                reactions.append(Reaction(emoji: shown, by: by, count: Self.int(reaction["count"])))
            }
        }

        var pinned = false
        if case .bool(let flag)? = fields["isPinned"] { pinned = flag }
        let forwardedFrom = forwardedStart.map { _ in Self.forwardedFrom(channel: referencedChannel, names: channelNames) }
        var messages = kinds.enumerated().map { number, kind in
            let startsForward = number == forwardedStart
            return Message(
                id: number == 0 ? id : "\(id)-\(number + 1)", sender: sender, date: date, kind: kind,
                replyTo: number == 0 ? replyTo : nil, reactions: number == 0 ? reactions : [],
                edited: number == 0 ? edited : nil, forwardedFrom: startsForward ? forwardedFrom : nil,
                forwardedDate: startsForward ? forwardedDate : nil, forwardedEdited: startsForward ? forwardedEdited : nil,
                pinned: number == 0 && pinned)
        }
        if let part = problems.keptPart(id: id + "-fields", sender: sender, date: date) { messages.append(part) }
        return Converted(
            discordID: id, date: date, edited: edited, messages: messages, people: people, startsThread: startsThread, problems: problems)
    }

    // MARK: - Content

    /// Where a forwarded message comes from, for its "Forwarded from" line: DCE writes no author for it, only
    /// the channel of the message it forwards (`reference.channelId`): `#name` when it is a channel of the input,
    /// else `#unknown-channel`, as a mention of it in the text is shown.
    static func forwardedFrom(channel: String?, names: [String: String]) -> String {
        "#" + (channel.flatMap { names[$0] } ?? "unknown-channel")
    }

    /// The text, attachments, stickers and embeds of a message, or of its forwarded message (`prefix`
    /// `forwardedMessage.`, the start of the paths its problems are noted at).
    private func kinds(
        _ fields: [String: JSONValue], content: String, at prefix: String, markdown: DiscordMarkdown, problems: inout FieldProblems
    ) -> [MessageKind] {
        var media: [MessageKind] = []
        if case .array(let attachments)? = fields["attachments"] {
            for case .object(let attachment) in attachments {
                let name = Self.string(attachment["fileName"]).flatMap { $0.isEmpty ? nil : $0 }
                let url = Self.string(attachment["url"])
                let item = MediaItem(
                    file: url.flatMap(localPath), name: name ?? url.map { ($0 as NSString).lastPathComponent },
                    size: Self.int(attachment["fileSizeBytes"]).flatMap { $0 >= 0 ? $0 : nil })
                media.append(Self.mediaKind(name ?? url ?? "", item))
            }
        }
        if case .array(let stickers)? = fields["stickers"] {
            for case .object(let sticker) in stickers {
                let name = Self.string(sticker["name"])
                let source = Self.string(sticker["sourceUrl"])
                // Lottie stickers (JSON animations) cannot be shown as an image.
                let file = Self.string(sticker["format"]) == "Lottie" ? nil : source.flatMap(localPath)
                media.append(.sticker(MediaItem(file: file, name: name, emoji: name)))
            }
        }
        var previews: [MessageKind] = []
        if case .array(let embeds)? = fields["embeds"] {
            // Items that are not objects were noted with the message's fields (`checkObjects`).
            for (index, item) in embeds.enumerated() {
                guard case .object(let embed) = item else { continue }
                if let preview = self.embed(embed, at: "\(prefix)embeds[\(index)]", markdown: markdown, problems: &problems) {
                    previews.append(preview)
                }
            }
        }
        if media.isEmpty, previews.count == 1, case .linkPreview(var preview) = previews[0], !markdown.hasFormatting(content) {
            let text = content.trimmingCharacters(in: .whitespacesAndNewlines)
            preview.text = text.isEmpty ? nil : text
            return [.linkPreview(preview)]
        }
        var kinds: [MessageKind] = []
        if content.contains(where: { !$0.isWhitespace }) { kinds.append(markdown.kind(content)) }
        return kinds + media + previews
    }

    /// An embed at `key` (`embeds[2]`): a link preview when it has a web `url` and no fields or footer (its title,
    /// description and author's name); otherwise a card, a quote of author, title (linked to `url`), description,
    /// fields and footer, with a `url` that is not a web address shown as text. Fields of the wrong type are noted:
    /// a number given for text is shown as written, anything else kept. An embed with nothing to show (only
    /// images, which are not read) gives nil.
    private func embed(
        _ embed: [String: JSONValue], at key: String, markdown: DiscordMarkdown, problems: inout FieldProblems
    ) -> MessageKind? {
        func text(_ value: JSONValue?, at field: @autoclosure () -> String, _ what: String) -> String? {
            problems.text(value, at: "\(key).\(field())", what: what).flatMap { $0.isEmpty ? nil : $0 }
        }
        /// The object at `field`; another value is noted and kept.
        func object(_ field: String) -> [String: JSONValue]? {
            problems.object(embed[field], at: "\(key).\(field)", did: "it is left out")
        }
        let title = text(embed["title"], at: "title", "the title")
        let description = text(embed["description"], at: "description", "the description")
        let urlText = text(embed["url"], at: "url", "the address")
        let authorName = object("author").flatMap { text($0["name"], at: "author.name", "the author's name") }
        var embedFields: [(name: String?, value: String?)] = []
        switch embed["fields"] {
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                guard case .object(let field) = item else {
                    problems.wrongType("\(key).fields[\(index)]", expected: "an object", found: item, did: "it is left out; \(FieldProblems.keptNote)")
                    continue
                }
                let name = text(field["name"], at: "fields[\(index)].name", "the name")
                let value = text(field["value"], at: "fields[\(index)].value", "the value")
                if name != nil || value != nil { embedFields.append((name, value)) }
            }
        case nil, .null?: break
        case let other?:
            problems.wrongType("\(key).fields", expected: "a list", found: other, did: "they are left out; \(FieldProblems.keptNote)")
        }
        let footer = object("footer").flatMap { text($0["text"], at: "footer.text", "the footer") }
        let url = urlText.flatMap(SafeURL.web)

        if let url, embedFields.isEmpty, footer == nil {
            return .linkPreview(LinkPreview(
                url: url, title: title.map { DiscordMarkdown.plain(markdown.inlines($0)) },
                description: description.map { DiscordMarkdown.plain(markdown.inlines($0)) }, siteName: authorName))
        }
        // A card (a bot's, or a link's with fields): its text in a quote.
        var blocks: [DiscordMarkdown.Block] = []
        if let authorName { blocks.append(.paragraph([.text(authorName)])) }
        if let title {
            let inlines = markdown.inlines(title)
            blocks.append(.paragraph([.bold(url.map { [.link(url: $0, label: inlines)] } ?? inlines)]))
        } else if let url {
            blocks.append(.paragraph([.link(url: url, label: [.text(url)])]))
        }
        if url == nil, let urlText { blocks.append(.paragraph([.text(urlText)])) }
        if let description { blocks += markdown.blocks(description) }
        for field in embedFields {
            var inlines: [DiscordMarkdown.Inline] = []
            if let name = field.name { inlines.append(.bold(markdown.inlines(name))) }
            if let value = field.value { inlines += (inlines.isEmpty ? [] : [.text("\n")]) + markdown.inlines(value) }
            blocks.append(.paragraph(inlines))
        }
        if let footer { blocks.append(.paragraph([.text(footer)])) }
        return blocks.isEmpty ? nil : .markdown(DiscordMarkdown.write([.quote(blocks)]))
    }

    /// A photo, video, audio or file by the name's extension.
    static func mediaKind(_ name: String, _ item: MediaItem) -> MessageKind {
        let fileExtension = (name.split(separator: "?").first.map(String.init) ?? name).split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch fileExtension {
        case "png", "jpg", "jpeg", "gif", "webp", "avif", "heic", "bmp", "svg": return .photo(item)
        case "mp4", "mov", "webm", "mkv", "m4v", "avi": return .video(item)
        case "mp3", "m4a", "wav", "ogg", "opus", "aac", "flac": return .audio(item)
        default: return .file(item)
        }
    }

    /// A relative path of the export's media (`…json_Files\0-EB806.png`) with `/` separators; nil for web
    /// addresses and anything that would leave the export's folder.
    func localPath(_ url: String) -> String? {
        Self.relativePath(url, in: mediaFolder)
    }

    package static func relativePath(_ url: String, in folder: URL) -> String? {
        guard !url.isEmpty, !url.contains("://"), !url.hasPrefix("/"), !url.hasPrefix("\\"), !url.lowercased().hasPrefix("data:") else {
            return nil
        }
        if url.count >= 2, url.dropFirst().first == ":" { return nil }  // C:\…
        var path = url.replacingOccurrences(of: "\\", with: "/")
        if path.hasPrefix("./") { path.removeFirst(2) }
        if path.contains("%"), let decoded = path.removingPercentEncoding, decoded != path,
           !FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path),
           FileManager.default.fileExists(atPath: folder.appendingPathComponent(decoded).path)
        {
            path = decoded
        }
        guard !path.split(separator: "/").contains("..") else { return nil }
        return path
    }

    /// A user object (`author`, `mentions[]`, `reactions[].users[]`) as a person: nickname, else name.
    private func person(_ user: [String: JSONValue]) -> Person? {
        guard let id = Self.identifier(user["id"]) else { return nil }
        let nickname = Self.string(user["nickname"]).flatMap { $0.isEmpty ? nil : $0 }
        let name = Self.string(user["name"]).flatMap { $0.isEmpty ? nil : $0 }
        var bot = false
        if case .bool(let flag)? = user["isBot"] { bot = flag }
        return Person(
            id: id, name: nickname ?? name ?? id, avatar: Self.string(user["avatarUrl"]).flatMap(localPath),
            color: Self.string(user["color"]).flatMap { CSSColor($0) == nil ? nil : $0.lowercased() }, bot: bot)
    }

    private static func collectRoles(_ user: [String: JSONValue], into roles: inout [String: String]) {
        guard case .array(let list)? = user["roles"] else { return }
        for case .object(let role) in list {
            if let id = identifier(role["id"]), let name = string(role["name"]) { roles[id] = name }
        }
    }

    // MARK: - Values

    /// A time of the message (`timestampEdited`, `forwardedMessage.timestamp`) at `key`: nil when absent or
    /// null; a value that cannot be read is noted (`what` names the time it is) and kept.
    private func time(_ value: JSONValue?, at key: String, what: String, problems: inout FieldProblems) -> Timestamp? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?:
            if let date = Timestamp(iso8601: text, defaultTimeZone: TimeZone(identifier: "UTC")) { return date }
            problems.note(
                key, "expected an ISO 8601 date such as 2023-01-06T14:03:03.853+00:00, found \(value!.kindDescription); \(what) is left out; \(FieldProblems.keptNote)",
                keeping: value)
            return nil
        case let other?:
            problems.wrongType(key, expected: "an ISO 8601 date", found: other, did: "\(what) is left out; \(FieldProblems.keptNote)")
            return nil
        }
    }

    package static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    static func int(_ value: JSONValue?) -> Int? {
        guard case .number(let number)? = value, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// An id: a string (snowflakes exceed 2^53, so DCE writes them as strings) or a whole number.
    package static func identifier(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text.isEmpty ? nil : text
        case .number(let number)? where number == number.rounded() && abs(number) < 1e15: return String(Int64(number))
        default: return nil
        }
    }

    private static func nonEmptyArray(_ value: JSONValue?) -> Bool {
        if case .array(let items)? = value { return !items.isEmpty }
        return false
    }
}
