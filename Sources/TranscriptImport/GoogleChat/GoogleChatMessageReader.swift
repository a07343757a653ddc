import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Reads the messages of one group's `messages.json` into the model, one element of its `messages` list at
/// a time.
///
/// A Google Chat message can become several messages of the model, which has one kind per message: its text
/// (or its quote of another message), then each link card, then each attached file, with the ids `ID`, `ID-2`,
/// `ID-3`, ... (`ID` is the `message_id`, or for a message without one an id made from it: `ContentMessageIDs`).
struct GoogleChatMessageReader {
    /// How errors and warnings name `messages.json`.
    let displayPath: String
    let content: GoogleChatContent
    let timeZone: TimeZone
    private(set) var people: GoogleChatPeople
    private(set) var messages: [Message] = []
    /// What had to be repaired or guessed: dates that could not be read.
    private(set) var warnings: [String] = []
    /// The first message of each topic (`topic_id`): the thread its later messages belong to.
    private var topicRoots: [String: String] = [:]
    /// Messages by their `message_id`, and by sender and text (what a quote names), the latest of each.
    private var idsByMessageID: [String: String] = [:]
    private var idsBySenderAndText: [String: String] = [:]
    private var ids = UniqueMessageIDs()
    /// For messages without a `message_id`: how many came before with the same sender, minute and text.
    private var contentOrdinals: [UInt64: UInt64] = [:]
    /// How many attachments of each disk name came so far (Takeout numbers the files of the later ones).
    private var attachmentCounts: [String: Int] = [:]
    /// The messages (by index in `messages`) whose date could not be read, dated at the end.
    private var undated: [Int] = []

    init(displayPath: String, content: GoogleChatContent, timeZone: TimeZone, people: GoogleChatPeople) {
        self.displayPath = displayPath
        self.content = content
        self.timeZone = timeZone
        self.people = people
    }

    private static let context = JSONDecodingContext(defaultTimeZone: nil)

    /// The fields of a message this reader reads (`previous_message_versions` only for a missing date: the
    /// model keeps no earlier versions, only that the message was edited).
    static let knownKeys: Set<String> = [
        "creator", "created_date", "updated_date", "deleted_date", "text", "topic_id", "message_id", "annotations",
        "attached_files", "reactions", "quoted_message_metadata", "previous_message_versions", "message_state",
        "deletion_metadata",
    ]

    /// The example a date that cannot be read is compared with.
    static let dateExample = "Monday, January 2, 2023 at 3:04:05 PM UTC"

    /// The id of a message without a `message_id`: one made from the message (`ContentMessageIDs`), the same in
    /// every export of the group, so that its address stays and overlapping exports merge.
    private mutating func contentID(sender: String?, date: Timestamp, text: String) -> String {
        let identity = ContentMessageIDs.identity(sender: sender, date: date, saying: text)
        let ordinal = contentOrdinals[identity, default: 0]
        contentOrdinals[identity] = ordinal + 1
        return ContentMessageIDs.id(identity: identity, ordinal: ordinal)
    }

    /// Reads `messages[index]`.
    mutating func add(_ json: JSONValue, index: Int) throws {
        let object = try JSONObject(json, path: [AnyCodingKey(stringValue: "messages"), AnyCodingKey(intValue: index)], context: Self.context)
        var sender: String?
        if let creator = object.value("creator") {
            let person = try GoogleChatInfo.person(creator, path: object.keyPath("creator"))
            sender = people.note(name: person.name, email: person.email)
        }
        let messageID = try object.optionalString("message_id").flatMap { $0.isEmpty ? nil : $0 }
        let date = try self.date(of: object)
        let updated = try optionalDate(object, "updated_date")
        let state = try object.optionalString("message_state")
        let deleted = object.value("deleted_date") != nil || object.value("deletion_metadata") != nil
            || state?.uppercased() == "DELETED"
        let text = try object.optionalString("text") ?? ""
        let baseID = ids.make(messageID ?? contentID(sender: sender, date: date ?? Timestamp(secondsSince1970: 0), text: text))

        // A quote of another message: a reply to it when it is here, else its text shown before this one's.
        var replyTo: String?
        var quote: (name: String?, text: String)?
        if let quoted = object.value("quoted_message_metadata") {
            let resolved = try self.quote(quoted, path: object.keyPath("quoted_message_metadata"))
            replyTo = resolved.replyTo
            quote = resolved.shown
        }

        var kinds: [MessageKind] = []
        if let kind = content.textKind(text, quote: quote) { kinds.append(kind) }
        for annotation in try list(object, "annotations") {
            kinds += content.annotationKinds(annotation, text: text)
        }
        // A message that is only a link with its card: the card, with no text of its own.
        if kinds.count == 2, quote == nil, case .linkPreview(var preview) = kinds[1],
           text.trimmingCharacters(in: .whitespacesAndNewlines) == preview.url
        {
            preview.text = nil
            kinds = [.linkPreview(preview)]
        }
        for (position, file) in try list(object, "attached_files").enumerated() {
            let path = object.keyPath("attached_files") + [AnyCodingKey(intValue: position)]
            let attached = try JSONObject(file, path: path, context: Self.context)
            let exportName = try attached.optionalString("export_name")
            var occurrence = 0
            if let exportName {
                let disk = GoogleChatContent.diskName(exportName)
                occurrence = attachmentCounts[disk, default: 0]
                attachmentCounts[disk] = occurrence + 1
            }
            kinds.append(content.mediaKind(
                originalName: try attached.optionalString("original_name"), exportName: exportName, occurrence: occurrence))
        }
        let unknown = object.members.filter { !Self.knownKeys.contains($0.key) }
        if kinds.isEmpty {
            // A deleted message keeps its place; anything else this reader does not understand is kept whole.
            kinds = [deleted && unknown.isEmpty ? .text("") : .unsupported(UnsupportedContent(type: "message", raw: json))]
        } else if !unknown.isEmpty {
            // Fields this reader does not know are shown after what it understood, never dropped.
            kinds.append(.unsupported(UnsupportedContent(type: "fields", raw: .object(unknown))))
        }

        let reactions = try self.reactions(object)
        var thread: String?
        if let topic = try object.optionalString("topic_id"), !topic.isEmpty {
            if let root = topicRoots[topic] { thread = root } else { topicRoots[topic] = baseID }
        }
        if date == nil { undated.append(contentsOf: messages.count..<(messages.count + kinds.count)) }
        for (position, kind) in kinds.enumerated() {
            messages.append(Message(
                id: position == 0 ? baseID : ids.make("\(baseID)-\(position + 1)"), sender: sender,
                date: date ?? Timestamp(secondsSince1970: 0), kind: kind, replyTo: position == 0 ? replyTo : nil,
                reactions: position == 0 ? reactions : [], edited: position == 0 ? updated : nil, thread: thread,
                deleted: deleted))
        }
        if let messageID { idsByMessageID[messageID] = baseID }
        idsBySenderAndText[(sender ?? "") + "\u{0}" + text] = baseID
    }

    /// The messages, those whose date could not be read dated like the message before them (or, at the start,
    /// the first one after them with a date).
    mutating func finish() -> [Message] {
        guard !undated.isEmpty else { return messages }
        let undatedSet = Set(undated)
        var previous: Timestamp?
        for index in messages.indices {
            if undatedSet.contains(index) {
                if let previous { messages[index].date = previous } else {
                    let next = messages[index...].indices.first { !undatedSet.contains($0) }
                    messages[index].date = next.map { messages[$0].date } ?? Timestamp(secondsSince1970: 0, utcOffset: 0)
                }
            }
            previous = messages[index].date
        }
        return messages
    }

    // MARK: Parts

    /// `created_date`; for a message Takeout wrote without one, the first date of its earlier versions, else
    /// `updated_date`, else `deleted_date`. Nil, with a warning, when there is none that can be read.
    private mutating func date(of object: JSONObject) throws -> Timestamp? {
        if object.value("created_date") != nil { return try optionalDate(object, "created_date") }
        var candidates: [String] = []
        if case .array(let versions)? = object.value("previous_message_versions"),
           let created = versions.first?.takeoutMember("created_date")?.takeoutText
        {
            candidates.append(created)
        }
        candidates += try ["updated_date", "deleted_date"].compactMap { try object.optionalString($0) }
        let zone = timeZone
        if let date = candidates.lazy.compactMap({ GoogleChatDate.parse($0, defaultTimeZone: zone) }).first { return date }
        warn(at: object.path, "the message has no date that can be read (created_date); it is shown at the time of the message before it")
        return nil
    }

    /// The date at `key`, nil when absent; a date that cannot be read is a warning (and nil), never an error.
    private mutating func optionalDate(_ object: JSONObject, _ key: String) throws -> Timestamp? {
        guard let text = try object.optionalString(key) else { return nil }
        if let date = GoogleChatDate.parse(text, defaultTimeZone: timeZone) { return date }
        let what = key == "created_date" ? "it is shown at the time of the message before it" : "it is left out"
        warn(at: object.keyPath(key), "cannot read the date \"\(text)\" (expected a date such as \"\(Self.dateExample)\"); \(what)")
        return nil
    }

    /// A warning naming the file and the JSON path: `messages.json: at messages[3].created_date: …`.
    private mutating func warn(at path: JSONPath, _ message: String) {
        warnings.append(TranscriptsError(decoding: JSONMappingError.invalid(path, message), file: displayPath).description)
    }

    /// What a quote refers to: the quoted message's id when it is in the conversation (by `message_id`, else by
    /// its sender and text, the latest such message before this one); otherwise the quote to show.
    private mutating func quote(_ json: JSONValue, path: JSONPath) throws -> (replyTo: String?, shown: (name: String?, text: String)?) {
        let quoted = try JSONObject(json, path: path, context: Self.context)
        if let id = try quoted.optionalString("message_id"), let found = idsByMessageID[id] { return (found, nil) }
        var author: String?
        var name: String?
        if let creator = quoted.value("creator") {
            let person = try GoogleChatInfo.person(creator, path: quoted.keyPath("creator"))
            author = people.note(name: person.name, email: person.email)
            name = author.flatMap { people.name(of: $0) } ?? person.name
        }
        var text = try quoted.optionalString("text") ?? ""
        if let found = idsBySenderAndText[(author ?? "") + "\u{0}" + text] { return (found, nil) }
        if text.isEmpty {
            let files = try list(quoted, "attached_files").compactMap { $0.takeoutMember("original_name")?.takeoutText ?? $0.takeoutMember("export_name")?.takeoutText }
            text = files.isEmpty ? "(a message that is not in the export)" : files.joined(separator: ", ")
        }
        return (nil, (name, text))
    }

    /// `reactions: [{"emoji": {"unicode"}, "reactor_emails": [...]}]`; a custom emoji is shown by its name.
    private mutating func reactions(_ object: JSONObject) throws -> [Reaction] {
        var result: [Reaction] = []
        for (index, element) in try list(object, "reactions").enumerated() {
            let reaction = try JSONObject(element, path: object.keyPath("reactions") + [AnyCodingKey(intValue: index)], context: Self.context)
            var emoji = reaction.value("emoji")
            if emoji == nil, case .array(let emojis)? = reaction.value("emojis") { emoji = emojis.first }
            let symbol = emoji?.takeoutMember("unicode")?.takeoutText
                ?? emoji?.takeoutMember("custom_emoji")?.takeoutMember("name")?.takeoutText
                ?? emoji?.takeoutMember("custom_emoji")?.takeoutMember("shortcode")?.takeoutText
                ?? emoji?.takeoutString ?? "❓"
            let emails = try reaction.strings("reactor_emails") ?? []
            let by = emails.compactMap { people.note(name: nil, email: $0) }
            result.append(Reaction(emoji: symbol, by: by, count: try reaction.optionalCount("count")))
        }
        return result
    }

    /// The list at `key` (empty when absent); anything else there is an error.
    private func list(_ object: JSONObject, _ key: String) throws -> [JSONValue] {
        guard let value = object.value(key) else { return [] }
        guard case .array(let elements) = value else { throw JSONMappingError.expected("a list", found: value, at: object.keyPath(key)) }
        return elements
    }
}
