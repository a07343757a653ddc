import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Where a Slack export keeps its own copies of uploaded files, when a tool added them: slackdump's
/// `CHANNEL/attachments/FILEID-NAME` and the `__uploads/FILEID/NAME` of slackdump's Mattermost mode and of
/// slack-advanced-exporter. Slack's own export has none (its `url_private` addresses need a token), so files
/// are usually shown by name, type and size only.
struct SlackFileLocator: Sendable {
    package let root: URL
    package let folder: String
    private let hasUploads: Bool
    private let hasAttachments: Bool

    init(root: URL, folder: String) {
        self.root = root
        self.folder = folder
        var isDirectory: ObjCBool = false
        hasUploads = FileManager.default.fileExists(atPath: root.appendingPathComponent("__uploads").path, isDirectory: &isDirectory)
            && isDirectory.boolValue
        hasAttachments = FileManager.default.fileExists(
            atPath: root.appendingPathComponent(folder).appendingPathComponent("attachments").path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The path of the local copy of a file, relative to the export, when there is one.
    package func path(id: String?, name: String?) -> String? {
        guard hasUploads || hasAttachments, let id, let name, Self.isSafe(id), Self.isSafe(name) else { return nil }
        var candidates: [String] = []
        if hasAttachments { candidates.append(folder + "/attachments/" + id + "-" + name) }
        if hasUploads { candidates.append("__uploads/" + id + "/" + name) }
        return candidates.first { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    }

    private static func isSafe(_ component: String) -> Bool {
        !component.isEmpty && component != "." && component != ".." && !component.contains("/") && !component.contains("\\")
            && !component.contains("\0")
    }
}

/// Reads the messages of one Slack conversation, day file after day file, into the model.
///
/// A Slack message can become several messages of the model, which has one kind per message: its text (with
/// the attachments of bots), then each file, then each link preview, with the ids `TS`, `TS-2`, `TS-3`, ...
/// A message with only a link and its preview becomes one `linkPreview` message.
///
/// Reading a message has three steps: its `SlackMessageHead` (timestamp, sender, subtype, text), `learnNames`
/// (the conversation's state: names of people and bots first seen in messages), and its content
/// (`SlackMessageContent`, which depends only on the message and the names known so far); `append` then takes the
/// result into the conversation (participants in the order first seen, ids made unique in order). `add` does the
/// three for one message; `SlackDayBatches` does them for batches of day files on all cores, with the same result.
struct SlackMessageReader {
    package private(set) var messages: [Message] = []
    /// Everyone seen so far, in order: those given to `note` (members), senders and those who reacted.
    private(set) var participantIDs: [String] = []
    /// The names known: `SlackDayBatches` sets `asOf` while it learns a batch's names.
    package var names: SlackNames
    private var noted: Set<String> = []
    private var ids = UniqueMessageIDs()
    private var pendingProblems: [(path: String, problems: FieldProblems)] = []
    package let files: SlackFileLocator

    init(names: SlackNames, files: SlackFileLocator) {
        self.names = names
        self.files = files
        if self.names.seen["USLACKBOT"] == nil { self.names.seen["USLACKBOT"] = "Slackbot" }
    }

    package mutating func note(_ id: String) {
        if noted.insert(id).inserted { participantIDs.append(id) }
    }

    /// The participants: everyone seen, named by users.json, else by what the messages said, else by id.
    package var participants: [Participant] {
        participantIDs.map { Participant(id: $0, name: names.user($0) ?? $0) }
    }

    static let context = JSONDecodingContext(defaultTimeZone: nil)

    /// The subtypes that are events, shown as centred labels.
    static let systemEvents: [String: SystemEvent.Event] = [
        "channel_join": .join, "group_join": .join, "channel_leave": .leave, "group_leave": .leave,
        "channel_name": .rename, "group_name": .rename, "channel_topic": .topic, "group_topic": .topic,
        "channel_purpose": .purpose, "group_purpose": .purpose, "channel_archive": .archive, "group_archive": .archive,
        "channel_unarchive": .unarchive, "group_unarchive": .unarchive, "channel_convert_to_private": .madePrivate,
        "channel_convert_to_public": .madePublic, "channel_posting_permissions": .permissions, "pinned_item": .pin,
        "unpinned_item": .unpin, "bot_add": .botAdded, "bot_remove": .botRemoved, "bot_enable": .other, "bot_disable": .other,
        "sh_room_created": .call, "huddle_thread": .call,
    ]

    /// Reads one element of a day file; `path` is its place in the file, for errors.
    package mutating func add(_ json: JSONValue, path: JSONPath) throws {
        let head = try SlackMessageHead(json, path: path)
        try learnNames(head)
        let read = try SlackMessageContent(names: names, files: files).read(head)
        append(read)
        if !read.problems.isEmpty { pendingProblems.append((TranscriptsError.pathText("", path), read.problems)) }
    }

    /// Takes a message read by `SlackMessageContent` into the conversation: notes who it names, makes its ids
    /// unique.
    mutating func append(_ read: consuming SlackReadMessage) {
        var read = read
        for id in read.noted { note(id) }
        // Moved in, not copied: a copy would retain every part of each message, and letting `read` go release them.
        for index in read.messages.indices {
            messages.append(Message(id: "", sender: nil, date: Timestamp(secondsSince1970: 0), kind: .text("")))
            swap(&messages[messages.count - 1], &read.messages[index])
            messages[messages.count - 1].id = ids.make(messages[messages.count - 1].id)
        }
        if let reserved = read.reservedID { _ = ids.make(reserved) }
    }

    /// The messages read, taken out of the reader (which then holds none).
    package mutating func takeMessages() -> [Message] {
        defer { messages = [] }
        return messages
    }

    /// What could not be read in the messages added since the last call, each with the message's JSON path in its
    /// day file (`[12]`), for the importer's warnings (`FieldWarnings`).
    package mutating func takeProblems() -> [(path: String, problems: FieldProblems)] {
        defer { pendingProblems = [] }
        return pendingProblems
    }

    /// Seconds since 1970 of a Slack timestamp (`"1454884927.000002"`): digits, an optional fraction.
    ///
    /// The digits are read directly: the whole seconds (at most 15 digits) are exact as a `Double`, and a fraction
    /// of at most 15 digits is `digits / 10^count`, both exact before the one rounding division, which is what
    /// `Double("0." + fraction)` gives (longer fractions are read that way).
    package static func seconds(_ ts: String) -> Double? {
        var ts = ts
        return ts.withUTF8 { bytes -> Double? in
            var index = 0
            var whole: Int64 = 0
            while index < bytes.count, bytes[index] != UInt8(ascii: ".") {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10, index < 15 else { return nil }
                whole = whole * 10 + Int64(digit)
                index += 1
            }
            guard index > 0 else { return nil }
            let seconds = Double(whole)
            guard index < bytes.count else { return seconds }
            let start = index + 1
            guard start < bytes.count else { return nil }
            var fraction: Int64 = 0
            for position in start..<bytes.count {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                if position - start < 15 { fraction = fraction * 10 + Int64(digit) }
            }
            let count = bytes.count - start
            if count <= 15 { return seconds + Double(fraction) / powersOfTen[count] }
            guard let value = Double("0." + String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) else { return nil }
            return seconds + value
        }
    }

    /// 10⁰ ... 10¹⁵, each exact as a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// Names the messages give for people and bots that users.json lacks.
    mutating func learnNames(_ head: SlackMessageHead) throws {
        let object = head.object
        if let user = head.user, names.user(user) == nil, let profile = object.value("user_profile"),
           let name = try SlackWorkspace.userName(
               JSONObject(profile, path: object.keyPath("user_profile"), context: Self.context), context: Self.context)
        {
            names.learn(user, name)
        }
        if let botID = head.botID, names.user(botID) == nil {
            var name = head.username
            if head.subtype == "bot_add" || head.subtype == "bot_remove" {
                // "added an integration to this channel: <https://team.slack.com/services/B0JL6RASU|github>"
                if let marker = head.text.range(of: "/services/" + botID + "|"),
                   let end = head.text[marker.upperBound...].firstIndex(of: ">")
                {
                    name = SlackMrkdwn.decodeEntities(String(head.text[marker.upperBound..<end]))
                } else {
                    name = nil
                }
            }
            if name == nil, let profile = object.value("bot_profile") {
                name = profile.slackMember("name")?.slackString
            }
            if let name, !name.isEmpty { names.learn(botID, name) }
        } else if head.user == nil, head.botID == nil, let username = head.username, names.user(username) == nil {
            names.learn(username, username)
        }
    }
}

/// What is read of a Slack message before the names it gives are learnt: its timestamp, subtype, text and who sent
/// it (the user, bot and username fields); errors in these come first, as they did when one function read all.
struct SlackMessageHead: Sendable {
    let json: JSONValue
    let object: JSONObject
    let ts: String
    let date: Timestamp
    let subtype: String?
    let text: String
    let user: String?
    let botID: String?
    let username: String?

    init(_ json: JSONValue, path: JSONPath) throws {
        self.json = json
        object = try JSONObject(json, path: path, context: SlackMessageReader.context)
        ts = try object.string("ts")
        guard let seconds = SlackMessageReader.seconds(ts) else {
            throw JSONMappingError.invalid(
                object.keyPath("ts"), "expected a Slack timestamp such as \"1454884927.000002\", found \"\(ts)\"")
        }
        date = Timestamp(secondsSince1970: seconds, utcOffset: 0)
        // Fifteen digits reach times no calendar holds: an error, not a clamped date.
        guard date.isRepresentable else {
            throw JSONMappingError.invalid(object.keyPath("ts"), "epoch seconds out of range: \"\(ts)\"")
        }
        subtype = try object.optionalString("subtype")
        text = try object.optionalString("text") ?? ""
        user = try object.optionalIdentifier("user")
        botID = try object.optionalString("bot_id")
        username = try object.optionalString("username")
    }
}

/// One Slack message read into the model, before the conversation takes it in (`SlackMessageReader.append`): its
/// messages with the ids they ask for (made unique in the conversation's order when appended), who it names as
/// participants in order, and what could not be read.
struct SlackReadMessage: Sendable {
    var messages: [Message] = []
    /// The id asked for a part that holds what could not be read when no part was made: it is still taken.
    var reservedID: String?
    /// Sender and those who reacted, in order, for `SlackMessageReader.note`.
    var noted: [String] = []
    var problems = FieldProblems()
}

/// Reads a Slack message's content (after its `SlackMessageHead` and the names it gives): kinds, reactions, edits,
/// events; it depends only on the message and on `names`, the names known when it is read.
struct SlackMessageContent: Sendable {
    var names: SlackNames
    let files: SlackFileLocator

    private static var context: JSONDecodingContext { SlackMessageReader.context }

    /// The rest of `SlackMessageReader.add`, after `learnNames`.
    func read(_ head: SlackMessageHead) throws -> SlackReadMessage {
        let object = head.object
        let ts = head.ts, date = head.date, subtype = head.subtype, text = head.text
        var result = SlackReadMessage()
        var sender = head.user ?? head.botID ?? head.username
        if subtype == "file_comment", let comment = object.value("comment"),
           let commenter = try JSONObject(comment, path: object.keyPath("comment"), context: Self.context).optionalIdentifier("user")
        {
            sender = commenter
        }
        if let sender { result.noted.append(sender) }

        let threadTS = try object.optionalString("thread_ts")
        let thread = threadTS.flatMap { $0 == ts ? nil : $0 }
        var edited: Timestamp?
        if let value = object.value("edited") {
            let edit = try JSONObject(value, path: object.keyPath("edited"), context: Self.context)
            if let editTS = try edit.optionalString("ts") {
                guard let editSeconds = SlackMessageReader.seconds(editTS) else {
                    throw JSONMappingError.invalid(edit.keyPath("ts"), "expected a Slack timestamp, found \"\(editTS)\"")
                }
                let editDate = Timestamp(secondsSince1970: editSeconds, utcOffset: 0)
                guard editDate.isRepresentable else {
                    throw JSONMappingError.invalid(edit.keyPath("ts"), "epoch seconds out of range: \"\(editTS)\"")
                }
                edited = editDate
            }
        }
        let reactions = try self.reactions(object, noted: &result.noted)

        let mrkdwn = SlackMrkdwn(names: names)
        var problems = FieldProblems()
        var kinds: [MessageKind]
        if let subtype, let event = SlackMessageReader.systemEvents[subtype] {
            var system = SystemEvent(event: event, text: systemText(text, event: event, subtype: subtype, sender: sender, mrkdwn))
            try Self.describe(&system, subtype: subtype, sender: sender, object, mrkdwn)
            kinds = [.system(system)]
        } else {
            kinds = content(object, subtype: subtype, text: text, mrkdwn, problems: &problems)
        }
        if kinds.isEmpty {
            // Nothing this reader understands: keep the whole item.
            kinds = [.unsupported(UnsupportedContent(type: subtype ?? (try? object.optionalString("type")) ?? "message", raw: head.json))]
        }

        for (index, kind) in kinds.enumerated() {
            result.messages.append(
                Message(
                    id: index == 0 ? ts : "\(ts)-\(index + 1)", sender: sender, date: date, kind: kind,
                    reactions: index == 0 ? reactions : [], edited: index == 0 ? edited : nil, thread: thread,
                    deleted: subtype == "tombstone"))
        }
        if !problems.isEmpty {
            if var part = problems.keptPart(id: "\(ts)-fields", sender: sender, date: date) {
                part.thread = thread
                result.messages.append(part)
            } else {
                result.reservedID = "\(ts)-fields"
            }
            result.problems = problems
        }
        return result
    }

    private func reactions(_ object: JSONObject, noted: inout [String]) throws -> [Reaction] {
        guard let value = object.value("reactions") else { return [] }
        guard case .array(let elements) = value else {
            throw JSONMappingError.expected("a list", found: value, at: object.keyPath("reactions"))
        }
        return try elements.enumerated().map { index, element in
            let reaction = try JSONObject(
                element, path: object.keyPath("reactions") + [AnyCodingKey(intValue: index)], context: Self.context)
            let users = try reaction.identifiers("users") ?? []
            noted += users
            return Reaction(emoji: SlackEmoji.reaction(try reaction.string("name")), by: users, count: try reaction.optionalCount("count"))
        }
    }

    /// Who did what, for the events whose words pages can compose in their own language, each done by the
    /// message's sender: joins (or, when the message names another `inviter`, that one adding the sender),
    /// leaves, renames (to the channel's new `name`), topics and purposes (the new `topic` or `purpose` as plain
    /// text; none when it was cleared), pins and unpins, calls, archiving or unarchiving the channel, making it
    /// private or public, who may post, apps added or removed; the others (`bot_enable`) by their subtype as
    /// `title`.
    static func describe(_ event: inout SystemEvent, subtype: String, sender: String?, _ object: JSONObject, _ mrkdwn: SlackMrkdwn) throws {
        guard let sender else {
            // No one named: an event with no words of its own is shown by its subtype, as data.
            if event.event == .other { event.title = subtype }
            return
        }
        switch subtype {
        case "channel_join", "group_join":
            if let inviter = try object.optionalString("inviter"), !inviter.isEmpty, inviter != sender {
                event.actor = inviter
                event.subjects = [sender]
            } else {
                event.actor = sender
            }
        case "channel_leave", "group_leave", "pinned_item", "sh_room_created", "huddle_thread", "channel_archive", "group_archive",
             "channel_unarchive", "group_unarchive", "unpinned_item", "channel_convert_to_private", "channel_convert_to_public",
             "channel_posting_permissions", "bot_add", "bot_remove":
            event.actor = sender
        case "bot_enable", "bot_disable":
            // No words of its own: the subtype, as data.
            event.actor = sender
            event.title = subtype
        case "channel_name", "group_name":
            guard let name = try object.optionalString("name"), !name.isEmpty else { return }
            event.actor = sender
            event.title = name
        case "channel_topic", "group_topic", "channel_purpose", "group_purpose":
            let key = subtype.hasSuffix("_topic") ? "topic" : "purpose"
            guard let value = try object.optionalString(key) else { return }
            let text = SlackMrkdwn.trimmed(SlackMrkdwn.plainText(mrkdwn.parse(value)))
            event.actor = sender
            event.title = text.isEmpty ? nil : text
        default:
            return
        }
    }

    /// The label of an event: its text as plain text, with its actor's name in front when the text does not
    /// start with it (`bot_add`'s "added an integration ...").
    private func systemText(_ text: String, event: SystemEvent.Event, subtype: String, sender: String?, _ mrkdwn: SlackMrkdwn) -> String {
        var label = SlackMrkdwn.trimmed(SlackMrkdwn.plainText(mrkdwn.parse(text)))
        let actor = sender.map { names.user($0) ?? $0 }
        if label.isEmpty {
            switch event {
            case .join: label = "joined"
            case .leave: label = "left"
            case .call: label = "started a call"
            default: label = subtype.replacingOccurrences(of: "_", with: " ")
            }
        } else if text.hasPrefix("<@") || text.hasPrefix("<!") {
            return label
        }
        guard let actor, !label.hasPrefix(actor) else { return label }
        return actor + " " + label
    }

    // MARK: Content

    /// The kinds a message holds: its text (with bot attachments), its files, its link previews; what could not
    /// be read in its blocks, attachments and files is noted in `problems`.
    private func content(
        _ object: JSONObject, subtype: String?, text: String, _ mrkdwn: SlackMrkdwn, problems: inout FieldProblems
    ) -> [MessageKind] {
        var blockReader = SlackBlocks(mrkdwn: mrkdwn)
        defer { problems = blockReader.problems }
        var main: [SlackMrkdwn.Block] = []
        let blocks = blockReader.list(object.value("blocks"), at: "blocks")
        if !blocks.isEmpty {
            if SlackBlocks.allKnown(blocks) || text.isEmpty {
                main = blockReader.blocks(blocks, at: "blocks")
            } else {
                blockReader.noteUnknown(blocks, at: "blocks", did: "the message's text is shown instead")
            }
        }
        if main.isEmpty { main = mrkdwn.parse(text) }

        var media: [MessageKind] = []
        if let file = object.value("file"), subtype != "file_comment" {
            // Legacy exports: the text is Slack's own "uploaded a file: ..." line, and the file stands for it.
            let comment = file.slackMember("initial_comment")?.slackMember("comment")?.slackString
                ?? object.value("comment")?.slackMember("comment")?.slackString
            media.append(mediaKind(file, caption: comment.map { SlackMrkdwn.plainText(mrkdwn.parse($0)) }))
            main = []
        }
        for (index, file) in blockReader.list(object.value("files"), at: "files").enumerated() {
            guard case .object = file else {
                blockReader.problems.wrongType("files[\(index)]", expected: "a file (an object)", found: file, did: "it is left out; \(FieldProblems.keptNote)")
                continue
            }
            media.append(mediaKind(file, caption: nil))
        }

        var previews: [LinkPreview] = []
        var attachmentBlocks: [[SlackMrkdwn.Block]] = []
        for (index, attachment) in blockReader.list(object.value("attachments"), at: "attachments").enumerated() {
            let key = "attachments[\(index)]"
            guard case .object = attachment else {
                blockReader.problems.wrongType(key, expected: "an attachment (an object)", found: attachment, did: "it is left out; \(FieldProblems.keptNote)")
                continue
            }
            if let preview = linkPreview(attachment, mrkdwn, at: key, &blockReader) {
                previews.append(preview)
            } else {
                let blocks = self.attachmentBlocks(attachment, mrkdwn, at: key, &blockReader)
                if !blocks.isEmpty { attachmentBlocks.append(blocks) }
            }
        }

        if media.isEmpty, previews.count == 1, attachmentBlocks.isEmpty, !SlackMrkdwn.hasFormatting(main) {
            var preview = previews[0]
            let plain = SlackMrkdwn.trimmed(SlackMrkdwn.plainText(main))
            preview.text = plain.isEmpty ? nil : plain
            return [.linkPreview(preview)]
        }
        var writer = MarkdownWriter()
        SlackMrkdwn.write(main, into: &writer)
        for blocks in attachmentBlocks {
            let written = writer.markdown
            if !written.isEmpty { writer.append(written.hasSuffix("\n\n") ? "" : written.hasSuffix("\n") ? "\n" : "\n\n") }
            SlackMrkdwn.write(blocks, into: &writer)
        }
        var kinds: [MessageKind] = []
        if writer.markdown.contains(where: { !$0.isWhitespace }) { kinds.append(.markdown(writer.markdown)) }
        return kinds + media + previews.map { .linkPreview($0) }
    }

    /// A file (`file` or an element of `files`) as a photo, video, audio, voice note or file.
    private func mediaKind(_ file: JSONValue, caption: String?) -> MessageKind {
        let id = file.slackMember("id")?.slackString
        let name = file.slackMember("name")?.slackString.flatMap { $0.isEmpty ? nil : $0 }
        let title = file.slackMember("title")?.slackString.flatMap { $0.isEmpty ? nil : $0 }
        let mimeType = file.slackMember("mimetype")?.slackString.flatMap { $0.isEmpty ? nil : $0 }
        var item = MediaItem(
            file: files.path(id: id, name: name), name: name ?? title ?? id, mimeType: mimeType,
            size: file.slackMember("size")?.slackInt.flatMap { $0 >= 0 ? $0 : nil },
            width: file.slackMember("original_w")?.slackInt.flatMap { $0 > 0 ? $0 : nil },
            height: file.slackMember("original_h")?.slackInt.flatMap { $0 > 0 ? $0 : nil },
            duration: file.slackMember("duration_ms")?.slackInt.map { Double($0) / 1000 })
        item.caption = caption ?? Self.titleCaption(name: name, title: title)
        switch file.slackMember("mode")?.slackString {
        case "tombstone": item.caption = "This file was deleted."
        case "hidden_by_limit": item.caption = "This file is hidden by the workspace's plan limits."
        default: break
        }
        let type = (mimeType ?? "").lowercased()
        let fileType = (file.slackMember("filetype")?.slackString ?? "").lowercased()
        let subtype = file.slackMember("subtype")?.slackString
        if subtype == "slack_audio" { return .voice(item) }
        if subtype == "slack_video" || type.hasPrefix("video/") || ["mp4", "mov", "webm", "mkv", "m4v"].contains(fileType) {
            return .video(item)
        }
        if type.hasPrefix("image/") || ["png", "jpg", "jpeg", "gif", "webp", "heic", "bmp"].contains(fileType) { return .photo(item) }
        if type.hasPrefix("audio/") || ["mp3", "m4a", "wav", "ogg", "opus", "aac", "flac"].contains(fileType) { return .audio(item) }
        return .file(item)
    }

    /// A file's title as its caption, unless it only repeats the file's name.
    static func titleCaption(name: String?, title: String?) -> String? {
        guard let title else { return nil }
        guard let name else { return title }
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        return title == name || title == stem ? nil : title
    }

    /// An attachment that unfurls a link (it has `from_url` or `original_url` and is not a bot's card or a
    /// shared message) as a link preview. A `from_url` or `original_url` that is not a string is noted and kept.
    private func linkPreview(_ attachment: JSONValue, _ mrkdwn: SlackMrkdwn, at key: String, _ blockReader: inout SlackBlocks) -> LinkPreview? {
        func address(_ field: String) -> String? {
            switch attachment.slackMember(field) {
            case nil: return nil
            case .string(let url)?: return url
            case let other?:
                blockReader.problems.wrongType(
                    key + "." + field, expected: "an address (a string)", found: other, did: "it is left out; \(FieldProblems.keptNote)")
                return nil
            }
        }
        let fromURL = address("from_url")
        let originalURL = address("original_url")
        guard let url = fromURL ?? originalURL,
              attachment.slackMember("is_share")?.slackBool != true, attachment.slackMember("is_msg_unfurl")?.slackBool != true,
              attachment.slackMember("pretext") == nil, attachment.slackMember("fields") == nil
        else { return nil }
        func plain(_ field: String) -> String? {
            guard let text = blockReader.text(attachment.slackMember(field), at: key + "." + field) else { return nil }
            let plain = SlackMrkdwn.trimmed(SlackMrkdwn.plainText(mrkdwn.parse(text, formatting: false)))
            return plain.isEmpty ? nil : plain
        }
        return LinkPreview(url: url, title: plain("title"), description: plain("text"), siteName: plain("service_name"))
    }

    /// `body` (what an attachment's other fields show) with its `blocks`: they stand for it when it is empty;
    /// otherwise they are read (and checked, as a message's are) when every block is of a known type, and shown
    /// after it unless their words are already in it, and when one is not, noted with the attachment's text shown
    /// instead.
    private func attachmentBlocks(
        _ attachment: JSONValue, after body: [SlackMrkdwn.Block], at key: String, _ blockReader: inout SlackBlocks
    ) -> [SlackMrkdwn.Block] {
        let blocks = blockReader.list(attachment.slackMember("blocks"), at: key + ".blocks")
        guard !blocks.isEmpty else { return body }
        if body.isEmpty { return blockReader.blocks(blocks, at: key + ".blocks") }
        guard SlackBlocks.allKnown(blocks) else {
            blockReader.noteUnknown(blocks, at: key + ".blocks", did: "the attachment's text is shown instead")
            return body
        }
        let read = blockReader.blocks(blocks, at: key + ".blocks")
        return Self.words(of: body).contains(Self.words(of: read)) ? body : body + read
    }

    /// The letters and digits of blocks, lowercased: what `attachmentBlocks` compares, whatever the markup.
    static func words(of blocks: [SlackMrkdwn.Block]) -> String {
        String(SlackMrkdwn.plainText(blocks).lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }.map(Character.init))
    }

    /// A bot's attachment (or a shared message) as text: pretext, author, title, text, fields, image, footer.
    private func attachmentBlocks(
        _ attachment: JSONValue, _ mrkdwn: SlackMrkdwn, at key: String, _ blockReader: inout SlackBlocks
    ) -> [SlackMrkdwn.Block] {
        let formatted = Set((attachment.slackMember("mrkdwn_in")?.slackArray ?? []).compactMap(\.slackString))
        func field(_ name: String) -> [SlackMrkdwn.Block] {
            guard let text = blockReader.text(attachment.slackMember(name), at: key + "." + name), !text.isEmpty else { return [] }
            return mrkdwn.parse(text, formatting: formatted.contains(name))
        }
        func line(_ name: String) -> [SlackMrkdwn.Inline] {
            guard let text = blockReader.text(attachment.slackMember(name), at: key + "." + name), !text.isEmpty else { return [] }
            return mrkdwn.inlines(text, formatting: false)
        }
        let isShare = attachment.slackMember("is_share")?.slackBool == true || attachment.slackMember("is_msg_unfurl")?.slackBool == true
        var body: [SlackMrkdwn.Block] = []
        let author = line("author_name")
        if !author.isEmpty {
            if let link = attachment.slackMember("author_link")?.slackString {
                body.append(.paragraph([.bold([.link(url: link, label: SlackMrkdwn.plainText(author))])]))
            } else {
                body.append(.paragraph([.bold(author)]))
            }
        }
        let title = line("title")
        if !title.isEmpty {
            if let link = attachment.slackMember("title_link")?.slackString {
                body.append(.paragraph([.bold([.link(url: link, label: SlackMrkdwn.plainText(title))])]))
            } else {
                body.append(.paragraph([.bold(title)]))
            }
        }
        body += field("text")
        for (index, field) in blockReader.list(attachment.slackMember("fields"), at: key + ".fields").enumerated() {
            let fieldKey = "\(key).fields[\(index)]"
            guard case .object = field else {
                blockReader.problems.wrongType(fieldKey, expected: "a field (an object)", found: field, did: "it is left out; \(FieldProblems.keptNote)")
                continue
            }
            var inlines: [SlackMrkdwn.Inline] = []
            if let title = blockReader.text(field.slackMember("title"), at: fieldKey + ".title"), !title.isEmpty {
                inlines.append(.bold(mrkdwn.inlines(title, formatting: false)))
            }
            if let value = blockReader.text(field.slackMember("value"), at: fieldKey + ".value"), !value.isEmpty {
                if !inlines.isEmpty { inlines.append(.text("\n")) }
                inlines += SlackBlocks.inlines(of: mrkdwn.parse(value, formatting: formatted.contains("fields")))
            }
            if !inlines.isEmpty { body.append(.paragraph(inlines)) }
        }
        if let image = attachment.slackMember("image_url")?.slackString {
            body.append(.paragraph([.link(url: image, label: "Image")]))
        }
        body = attachmentBlocks(attachment, after: body, at: key, &blockReader)
        let footer = field("footer")
        if !footer.isEmpty { body.append(.paragraph(SlackBlocks.inlines(of: footer))) }
        if isShare, !body.isEmpty { body = [.quote(body)] }
        var result = field("pretext") + body
        if result.isEmpty { result = mrkdwn.parse(blockReader.text(attachment.slackMember("fallback"), at: key + ".fallback") ?? "", formatting: false) }
        return result
    }
}
