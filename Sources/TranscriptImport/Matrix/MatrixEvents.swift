import Foundation
import TranscriptJSON
import TranscriptModel

/// Turns one Matrix event into what it means for the room: a message, a change to another message (an edit, a
/// reaction, a redaction) or a state change whose label needs the members' names. Runs on all cores.
struct MatrixEvents: Sendable {
    package let media: MatrixMediaIndex

    /// A malformed event: a JSON path under the event and what is wrong.
    struct Problem: Error {
        package var path: String
        package var message: String
    }

    /// An `m.emote`'s body, plain or markdown, written after `* Name ` once the names are known.
    struct Emote: Sendable {
        package var text: String
        var isMarkdown: Bool

        package func kind(name: String) -> MessageKind {
            guard isMarkdown else { return .text("* \(name) \(text)") }
            var writer = MarkdownWriter()
            writer.append("* \(name) ")
            return .markdown(writer.markdown + text)
        }
    }

    /// A change of room state, labelled once the names are known.
    enum StateChange: Sendable {
        case member(user: String, membership: String, previous: String?, name: String?, previousName: String?, reason: String?)
        case roomName(String)
        case topic(String)
        case create
        /// `removed`: the new content has no `url`.
        case avatar(removed: Bool)
        case pinned
        case call(String)
    }

    /// What one event means.
    package enum Converted: Sendable {
        /// A message; `emote` holds the body of an `m.emote`, whose text needs the sender's name.
        case message(Message, emote: Emote?)
        /// A state change, shown as a system message with the given id, sender and date.
        case state(id: String, sender: String?, date: Timestamp, StateChange)
        /// `m.replace`: new content for `target`.
        case edit(id: String, sender: String?, target: String, kind: MessageKind, emote: Emote?, date: Timestamp)
        /// `m.reaction`.
        case reaction(id: String, sender: String, target: String, key: String)
        /// `m.room.redaction` of `target`.
        case redaction(sender: String?, target: String)
        /// Nothing to show (call signalling, a redacted reaction).
        case ignored(sender: String?)
        /// The event's sender.
        package var sender: String? {
            switch self {
            case .message(let message, _): message.sender
            case .state(_, let sender, _, _): sender
            case .edit(_, let sender, _, _, _, _): sender
            case .reaction(_, let sender, _, _): sender
            case .redaction(let sender, _): sender
            case .ignored(let sender): sender
            }
        }
    }

    /// One event read: what it means, its room's id, what of it could not be read and the part that keeps
    /// what those fields held (shown after the event's message).
    struct Read: Sendable {
        var converted: Converted
        var roomID: String?
        var problems = FieldProblems()
        /// At most one message; a list, so that an event read as Element writes it carries no room for one.
        var fieldsPart: [Message] = []
    }

    /// One event. An event without a type or time is an error (`Problem`); any other field of the wrong type is
    /// noted (the importer warns of it with its file, line and JSON path), shown as written when it is a number
    /// given for text, and otherwise kept in a `fields` part after the event's message.
    func convert(_ json: JSONValue, index: Int) throws -> Read {
        var problems = FieldProblems()
        let (converted, roomID) = try convert(json, index: index, problems: &problems)
        var read = Read(converted: converted, roomID: roomID, problems: problems)
        if !problems.isEmpty, case .object(let event) = json {
            let id = Self.string(event["event_id"]) ?? "event-\(index + 1)"
            var date = Timestamp(secondsSince1970: 0)
            if case .number(let milliseconds)? = event["origin_server_ts"] { date = Timestamp(secondsSince1970: milliseconds / 1000) }
            read.fieldsPart = problems.keptPart(id: id + "-fields", sender: converted.sender, date: date).map { [$0] } ?? []
        }
        return read
    }

    private func convert(_ json: JSONValue, index: Int, problems: inout FieldProblems) throws -> (converted: Converted, roomID: String?) {
        guard case .object(let event) = json else {
            problems.note("", "expected an event object, found \(json.kindDescription); it is kept as an unsupported message")
            let message = Message(
                id: "event-\(index + 1)", sender: nil, date: Timestamp(secondsSince1970: 0),
                kind: .unsupported(UnsupportedContent(type: "not an object", raw: json)))
            return (.message(message, emote: nil), nil)
        }
        guard case .string(let type)? = event["type"] else {
            throw Problem(path: ".type", message: "expected the event's type, a string such as \"m.room.message\"")
        }
        guard case .number(let milliseconds)? = event["origin_server_ts"] else {
            throw Problem(path: ".origin_server_ts", message: "expected the event's time in milliseconds since 1970")
        }
        let date = Timestamp(secondsSince1970: milliseconds / 1000)
        guard date.isRepresentable else {
            throw Problem(path: ".origin_server_ts", message: "epoch milliseconds out of range: \(JSONValue.number(milliseconds).displayText)")
        }
        let id = problems.text(event["event_id"], at: "event_id", what: "the event's id") ?? "event-\(index + 1)"
        let sender = problems.text(event["sender"], at: "sender", what: "the sender")
        let roomID = Self.string(event["room_id"])
        switch event["content"] {
        case nil, .null?, .object?: break
        case let other?:
            // Not content this reader can take apart: the whole event is kept.
            problems.wrongType("content", expected: "an object", found: other, did: "the event is kept as an unsupported message", keep: false)
            return (.message(Message(id: id, sender: sender, date: date, kind: .unsupported(UnsupportedContent(type: type, raw: json))), emote: nil), roomID)
        }
        let content = Self.object(event["content"]) ?? [:]
        let unsigned = Self.object(event["unsigned"]) ?? [:]
        let redacted = unsigned["redacted_because"] != nil && unsigned["redacted_because"] != .null
        let relation = Self.object(content["m.relates_to"]) ?? [:]
        let relType = Self.string(relation["rel_type"])
        let stateKey = Self.string(event["state_key"])

        func state(_ change: StateChange) -> (Converted, String?) { (.state(id: id, sender: sender, date: date, change), roomID) }

        switch type {
        case "m.room.message", "m.sticker":
            if relType == "m.replace", let target = Self.string(relation["event_id"]) {
                if redacted { return (.ignored(sender: sender), roomID) }
                let replacement = Self.object(content["m.new_content"])
                let (kind, emote) = self.kind(
                    type: type, content: replacement ?? content, raw: json, isReply: false,
                    at: replacement == nil ? "content" : "content.m.new_content", problems: &problems)
                return (.edit(id: id, sender: sender, target: target, kind: kind, emote: emote, date: date), roomID)
            }
            var message = Message(id: id, sender: sender, date: date, kind: .text(""))
            if case .string(let root)? = relation["event_id"], relType == "m.thread" { message.thread = root }
            let inReplyTo = Self.object(relation["m.in_reply_to"]).flatMap { Self.string($0["event_id"]) }
            let fallingBack = relation["is_falling_back"] == .bool(true)
            if let inReplyTo, !(relType == "m.thread" && fallingBack) { message.replyTo = inReplyTo }
            if redacted || content.isEmpty {
                message.deleted = true
                return (.message(message, emote: nil), roomID)
            }
            let (kind, emote) = self.kind(type: type, content: content, raw: json, isReply: inReplyTo != nil, at: "content", problems: &problems)
            message.kind = kind
            return (.message(message, emote: emote), roomID)
        case "m.reaction":
            guard !redacted, let sender, let target = Self.string(relation["event_id"]), let key = Self.string(relation["key"]) else {
                return (.ignored(sender: sender), roomID)
            }
            return (.reaction(id: id, sender: sender, target: target, key: key), roomID)
        case "m.room.redaction":
            guard let target = Self.string(event["redacts"]) ?? Self.string(content["redacts"]) else {
                return (.ignored(sender: sender), roomID)
            }
            return (.redaction(sender: sender, target: target), roomID)
        case "m.room.member":
            let previous = Self.object(unsigned["prev_content"]) ?? Self.object(event["prev_content"]) ?? [:]
            return state(.member(
                user: stateKey ?? sender ?? "", membership: Self.string(content["membership"]) ?? "leave",
                previous: Self.string(previous["membership"]), name: Self.string(content["displayname"]),
                previousName: Self.string(previous["displayname"]), reason: Self.string(content["reason"])))
        case "m.room.name": return state(.roomName(Self.string(content["name"]) ?? ""))
        case "m.room.topic": return state(.topic(Self.string(content["topic"]) ?? ""))
        case "m.room.create": return state(.create)
        case "m.room.avatar": return state(.avatar(removed: (Self.string(content["url"]) ?? "").isEmpty))
        case "m.room.pinned_events": return state(.pinned)
        case "m.call.invite":
            let sdp = Self.object(content["offer"]).flatMap { Self.string($0["sdp"]) } ?? ""
            return state(.call(sdp.contains("m=video") ? "started a video call" : "started a voice call"))
        case "m.call.answer": return state(.call("answered the call"))
        case "m.call.hangup", "m.call.reject": return state(.call(type == "m.call.reject" ? "declined the call" : "ended the call"))
        case "m.call.candidates", "m.call.select_answer", "m.call.negotiate", "m.call.sdp_stream_metadata_changed":
            return (.ignored(sender: sender), roomID)
        default:
            var message = Message(id: id, sender: sender, date: date, kind: .unsupported(UnsupportedContent(type: type, raw: json)))
            if redacted { message.deleted = true }
            return (.message(message, emote: nil), roomID)
        }
    }

    /// The kind of an `m.room.message` (or `m.sticker`) content at `path` (for notes in `problems`); an emote's
    /// body is returned on its own.
    package func kind(
        type: String, content: [String: JSONValue], raw: JSONValue, isReply: Bool, at path: String, problems: inout FieldProblems
    ) -> (MessageKind, Emote?) {
        var body = problems.text(content["body"], at: path + ".body", what: "the text") ?? ""
        if type == "m.sticker" { return (.sticker(mediaItem(content, body: body)), nil) }
        let msgtype = problems.text(content["msgtype"], at: path + ".msgtype", what: "the message type") ?? "m.text"
        if isReply, ["m.text", "m.notice", "m.emote"].contains(msgtype) { body = Self.strippingReplyFallback(body) }
        var markdown: String?
        if ["m.text", "m.notice", "m.emote"].contains(msgtype), Self.string(content["format"]) == "org.matrix.custom.html",
           let html = Self.string(content["formatted_body"])
        {
            markdown = MatrixHTML.markdown(html)
        }
        switch msgtype {
        case "m.text", "m.notice": return (markdown.map(MessageKind.markdown) ?? .text(body), nil)
        case "m.emote":
            let emote = Emote(text: markdown ?? body, isMarkdown: markdown != nil)
            return (.text("* " + body), emote)
        case "m.image": return (.photo(mediaItem(content, body: body)), nil)
        case "m.video": return (.video(mediaItem(content, body: body)), nil)
        case "m.audio":
            let item = mediaItem(content, body: body)
            let isVoice = content["org.matrix.msc3245.voice"] != nil || content["org.matrix.msc2516.voice"] != nil
            return (isVoice ? .voice(item) : .audio(item), nil)
        case "m.file": return (.file(mediaItem(content, body: body)), nil)
        case "m.location":
            guard let uri = Self.string(content["geo_uri"]), let (latitude, longitude) = Self.coordinates(uri) else { break }
            let described = Self.object(content["org.matrix.msc3488.location"]).flatMap { Self.string($0["description"]) }
            return (.location(Location(latitude: latitude, longitude: longitude, name: described)), nil)
        default: break
        }
        return (.unsupported(UnsupportedContent(type: msgtype, raw: raw)), nil)
    }

    /// An attachment: its name, type, size and dimensions, and the exported file when one is next to the JSON.
    func mediaItem(_ content: [String: JSONValue], body: String) -> MediaItem {
        let info = Self.object(content["info"]) ?? [:]
        // Since Matrix 1.10 `filename` names the file and `body` is then a caption.
        let fileName = Self.string(content["filename"])
        let name = fileName ?? body
        let caption = fileName != nil && !body.isEmpty && body != fileName ? body : nil
        var duration: Double?
        if case .number(let milliseconds)? = info["duration"] { duration = milliseconds / 1000 }
        return MediaItem(
            file: media.file(named: name), name: name.isEmpty ? nil : name, mimeType: Self.string(info["mimetype"]),
            size: Self.count(info["size"]), width: Self.count(info["w"]), height: Self.count(info["h"]), duration: duration,
            caption: caption)
    }

    /// A reply's body without the quote of the message it replies to (`> <@ann:x.org> hi`, then an empty line).
    static func strippingReplyFallback(_ body: String) -> String {
        guard body.hasPrefix("> ") || body.hasPrefix(">\n") || body == ">" else { return body }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let first = lines.first, first.hasPrefix(">") { lines = lines.dropFirst() }
        if let first = lines.first, first.isEmpty { lines = lines.dropFirst() }
        return lines.joined(separator: "\n")
    }

    /// `geo:51.5,-0.12;u=35` → (51.5, -0.12).
    static func coordinates(_ uri: String) -> (Double, Double)? {
        guard uri.lowercased().hasPrefix("geo:") else { return nil }
        let parts = uri.dropFirst(4).prefix { $0 != ";" && $0 != "?" }.split(separator: ",")
        guard parts.count >= 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        return (latitude, longitude)
    }

    package static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    static func object(_ value: JSONValue?) -> [String: JSONValue]? {
        if case .object(let members)? = value { return members }
        return nil
    }

    package static func count(_ value: JSONValue?) -> Int? {
        guard case .number(let number)? = value, number >= 0, number < 1e15 else { return nil }
        return Int(number)
    }
}
