import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Turns the posts of one Mattermost conversation into messages.
///
/// A post is its text (Mattermost's Markdown, kept as CommonMark with emoji shortcodes made emoji) and one
/// message per attachment; replies (`replies[]`) follow their post as messages whose `thread` is the post's
/// first message. Posts are put in time order (the export's order is not), each followed by its replies.
struct MattermostPostReader {
    /// One post and its replies, read.
    struct Post {
        var createAt: Double
        package var messages: [Message]
        package var replies: [(createAt: Double, messages: [Message])]
    }

    package var files: MattermostFiles
    /// Everyone seen: members, senders, reactors, in order.
    private(set) var participantIDs: [String] = []
    private var seen: Set<String> = []
    private var usedIDs: Set<String> = []

    init(files: MattermostFiles) { self.files = files }

    package mutating func note(_ user: String) {
        if seen.insert(user).inserted { participantIDs.append(user) }
    }

    /// Reads a `post` or `direct_post` object.
    mutating func post(_ object: JSONObject, line: Int) throws -> Post {
        let (createAt, messages) = try read(object, thread: nil)
        var replies: [(Double, [Message])] = []
        if case .array(let elements)? = object.value("replies") {
            let thread = messages.first?.id
            for (index, element) in elements.enumerated() {
                let reply = try JSONObject(element, path: object.keyPath("replies") + [AnyCodingKey(intValue: index)], context: object.context)
                replies.append(try read(reply, thread: thread))
            }
        }
        return Post(createAt: createAt, messages: messages, replies: replies)
    }

    /// The messages of posts in time order, each post followed by its replies in time order.
    package func messages(sorting posts: [Post]) -> [Message] {
        let ordered = posts.enumerated().sorted { ($0.element.createAt, $0.offset) < ($1.element.createAt, $1.offset) }
        var result: [Message] = []
        for (_, post) in ordered {
            result += post.messages
            let replies = post.replies.enumerated().sorted { ($0.element.createAt, $0.offset) < ($1.element.createAt, $1.offset) }
            for (_, reply) in replies { result += reply.messages }
        }
        return result
    }

    // MARK: - One post

    private mutating func read(_ object: JSONObject, thread: String?) throws -> (Double, [Message]) {
        let user = try object.optionalIdentifier("user")
        if let user { note(user) }
        guard let createAt = try object.optionalDouble("create_at") else { throw JSONMappingError.missing(object.path, "create_at") }
        let date = Timestamp(secondsSince1970: createAt / 1000, utcOffset: 0)
        // Also the post's id is made of it: a time no calendar holds is an error, not a trap.
        guard date.isRepresentable else {
            throw JSONMappingError.invalid(object.keyPath("create_at"), "epoch milliseconds out of range: \(JSONValue.number(createAt).displayText)")
        }
        var edited: Timestamp?
        if let editAt = try object.optionalDouble("edit_at") {
            let time = Timestamp(secondsSince1970: editAt / 1000, utcOffset: 0)
            guard time.isRepresentable else {
                throw JSONMappingError.invalid(object.keyPath("edit_at"), "epoch milliseconds out of range: \(JSONValue.number(editAt).displayText)")
            }
            // 0 (or less): never edited.
            if editAt > 0 { edited = time }
        }
        let text = try object.optionalString("message") ?? ""
        let type = try object.optionalString("type") ?? ""
        let reactions = try self.reactions(object)

        var kinds: [MessageKind] = []
        if let event = Self.systemEvent(type: type, text: text, user: user) {
            var system = SystemEvent(event: event, text: text.isEmpty ? type : text)
            if let user {
                Self.describe(&system, type: type, text: text, user: user, props: object.value("props"))
            } else if event == .other {
                // No one named: the post's type, as data.
                system.title = type
            }
            kinds.append(.system(system))
        } else {
            if text.contains(where: { !$0.isWhitespace }) { kinds.append(.markdown(Self.markdown(text))) }
            if case .array(let attachments)? = object.value("attachments") {
                for (index, element) in attachments.enumerated() {
                    let attachment = try JSONObject(
                        element, path: object.keyPath("attachments") + [AnyCodingKey(intValue: index)], context: object.context)
                    guard let path = try attachment.optionalString("path"), !path.isEmpty else { continue }
                    kinds.append(Self.media(files.path(path)))
                }
            }
        }
        if kinds.isEmpty {
            kinds = [.unsupported(UnsupportedContent(type: type.isEmpty ? "post" : type, raw: .object(object.members)))]
        }
        let base = String(Int64(createAt)) + "-" + (user ?? "system")
        var messages: [Message] = []
        for (index, kind) in kinds.enumerated() {
            messages.append(Message(
                id: uniqueID(base), sender: user, date: date, kind: kind, reactions: index == 0 ? reactions : [],
                edited: index == 0 ? edited : nil, thread: thread))
        }
        return (createAt, messages)
    }

    /// `base`, else `base-2`, `base-3`, ...
    private mutating func uniqueID(_ base: String) -> String {
        var id = base
        var counter = 1
        while !usedIDs.insert(id).inserted {
            counter += 1
            id = base + "-" + String(counter)
        }
        return id
    }

    /// Reactions grouped by emoji, in the order each emoji was first used.
    private mutating func reactions(_ object: JSONObject) throws -> [Reaction] {
        guard case .array(let elements)? = object.value("reactions") else { return [] }
        var result: [(emoji: String, by: [String], anonymous: Int)] = []
        for (index, element) in elements.enumerated() {
            let reaction = try JSONObject(element, path: object.keyPath("reactions") + [AnyCodingKey(intValue: index)], context: object.context)
            let emoji = Self.emoji(try reaction.string("emoji_name"))
            let user = try reaction.optionalIdentifier("user")
            if let user { note(user) }
            var position = result.firstIndex { $0.emoji == emoji }
            if position == nil {
                position = result.count
                result.append((emoji, [], 0))
            }
            if let user {
                if !result[position!].by.contains(user) { result[position!].by.append(user) }
            } else {
                result[position!].anonymous += 1
            }
        }
        return result.map { Reaction(emoji: $0.emoji, by: $0.by, count: $0.by.count + $0.anonymous) }
    }

    // MARK: - Text and files

    /// Mattermost's Markdown with emoji shortcodes (`:rofl:`) replaced by the emoji, outside code.
    static func markdown(_ text: String) -> String {
        guard text.contains(":") else { return text }
        var lines: [Substring] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                lines.append(line)
                continue
            }
            lines.append(inFence ? line : Substring(replacingShortcodes(line)))
        }
        return lines.joined(separator: "\n")
    }

    /// Replaces `:name:` by its emoji when the name is known, outside inline code.
    private static func replacingShortcodes(_ line: Substring) -> String {
        var result = ""
        var index = line.startIndex
        var inCode = false
        while index < line.endIndex {
            let character = line[index]
            if character == "`" {
                inCode.toggle()
            } else if character == ":", !inCode, !(result.last.map { $0.isLetter || $0.isNumber } ?? false) {
                let rest = line[line.index(after: index)...]
                if let close = rest.prefix(64).firstIndex(of: ":") {
                    let name = rest[..<close]
                    let after = line.index(after: close)
                    let endsWord = after == line.endIndex || !(line[after].isLetter || line[after].isNumber)
                    if !name.isEmpty, endsWord, name.allSatisfy({ $0.isLetter || $0.isNumber || "_+-".contains($0) }),
                       let found = Self.emoji(named: String(name))
                    {
                        result += found
                        index = line.index(after: close)
                        continue
                    }
                }
            }
            result.append(character)
            index = line.index(after: index)
        }
        return result
    }

    /// Mattermost's names that Slack's table spells otherwise.
    static let aliases = [
        "rofl": "rolling_on_the_floor_laughing", "hugs": "hugging_face", "thinking": "thinking_face",
        "upside_down": "upside_down_face", "slight_smile": "slightly_smiling_face", "slight_frown": "slightly_frowning_face",
        "nerd": "nerd_face", "money_mouth": "money_mouth_face", "face_palm": "facepalm", "shrug": "shrug",
    ]

    /// The emoji for a shortcode name (`smile`, `+1`, `rofl`), or nil for a custom emoji.
    static func emoji(named name: String) -> String? {
        SlackEmoji.emoji(named: name) ?? aliases[name].flatMap { SlackEmoji.emoji(named: $0) }
    }

    /// A reaction's emoji: the emoji for its name, or `:name:` for a custom emoji.
    static func emoji(_ name: String) -> String {
        emoji(named: name) ?? ":" + name + ":"
    }

    /// An attachment as a photo, video, audio, voice note, sticker or file, by its name.
    package static func media(_ path: String) -> MessageKind {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let item = MediaItem(file: path, name: name == path ? nil : name)
        switch WhatsAppBody.kindName(forFile: name) {
        case "photo": return .photo(item)
        case "video": return .video(item)
        case "audio": return .audio(item)
        case "voice": return .voice(item)
        case "sticker": return .sticker(item)
        default: return .file(item)
        }
    }
}
