import Foundation
import TranscriptModel
import TranscriptSupport

/// Reads one signal-export chat into a conversation.
///
/// A header line starts a message and the lines after it, blank ones too, continue it. Then what sigexport
/// writes around a message's text is taken apart (see `SignalBody`): a quote of the message replied to (the
/// reply points at it when an earlier message has that text, else the quote is kept as a block quote), the
/// reactions line `(- Ann: 👍, Me: ❤️ -)`, stickers, and attachments as Markdown links (`![photo.jpg](./media/photo.jpg)`),
/// which become one photo, video, audio or file message each.
struct SignalParser {
    package var timeZone: TimeZone

    /// How many earlier messages a quote is looked for in.
    static let quoteLookBack = 2000

    package func parse(_ text: String, displayPath: String, name: String) throws -> Conversation {
        var lookalikes = HeaderLookalikes()
        return try parse(text, displayPath: displayPath, name: name, lookalikes: &lookalikes)
    }

    /// The same, with the warnings about the file: lines that look like message headers but are in no layout
    /// sigexport writes (read as text of the message before them; see `HeaderLookalikes`).
    package func read(_ text: String, displayPath: String, name: String) throws -> (conversation: Conversation, warnings: [String]) {
        var lookalikes = HeaderLookalikes()
        let conversation = try parse(text, displayPath: displayPath, name: name, lookalikes: &lookalikes)
        let warning = lookalikes.warning(file: displayPath, format: "Signal", treatment: "it is read as text, not as a new message")
        return (conversation, warning.map { [$0] } ?? [])
    }

    private func parse(_ text: String, displayPath: String, name: String, lookalikes: inout HeaderLookalikes) throws -> Conversation {
        var entries: [(header: SignalHeader, line: Substring, number: Int, rest: [Substring])] = []
        var prelude: [Substring] = []
        var preludeLine = 0
        var number = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.utf8.first == UInt8(ascii: "["), let header = SignalHeader.parse(line) {
                entries.append((header, line, number, []))
                continue
            }
            lookalikes.check(line, number: number)
            if !entries.isEmpty {
                entries[entries.count - 1].rest.append(line)
            } else if !line.allSatisfy(\.isWhitespace) {
                if prelude.isEmpty { preludeLine = number }
                prelude.append(line)
                if prelude.count > 10 { break }
            }
        }
        guard let first = entries.first else {
            throw TranscriptsError(
                file: displayPath, line: prelude.isEmpty ? 1 : preludeLine,
                message: prelude.isEmpty
                    ? "the chat file is empty"
                    : "not a signal-export chat: no message header (such as \"[2019-12-24 12:23:45] Name: text\") in its first lines")
        }

        var zone = ZoneOffsets(timeZone: timeZone)
        func timestamp(_ header: SignalHeader) -> Timestamp {
            let days = ISO8601Text.daysFromCivil(year: header.year, month: header.month, day: header.day)
            let local = Double(days * 86_400 + header.hour * 3600 + header.minute * 60 + header.second)
            return Timestamp(secondsSince1970: local - Double(zone.offset(forLocalSeconds: local)), utcOffset: nil)
        }

        var messages: [Message] = []
        var senders: [String] = []
        var knownSenders: Set<String> = []
        func noteSender(_ sender: String) {
            if knownSenders.insert(sender).inserted { senders.append(sender) }
        }
        if !prelude.isEmpty {
            messages.append(Message(
                id: String(preludeLine), sender: nil, date: timestamp(first.header),
                kind: .system(SystemEvent(event: .other, text: prelude.joined(separator: "\n")))))
        }
        // The text of earlier messages, for finding the message a quote is from.
        var textIDs: [String: String] = [:]
        var textOrder: [String] = []

        for entry in entries {
            let date = timestamp(entry.header)
            let id = String(entry.number)
            let firstLine = entry.line[entry.header.bodyStart...]
            guard let senderEnd = entry.header.senderEnd else {
                let text = ([firstLine] + entry.rest).joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
                messages.append(Message(id: id, sender: nil, date: date, kind: .system(SystemEvent(event: .other, text: text))))
                continue
            }
            let sender = String(entry.line[entry.header.senderStart..<senderEnd]).trimmingCharacters(in: .whitespaces)
            noteSender(sender)
            let body = SignalBody(firstLine: firstLine, rest: entry.rest)
            for reaction in body.reactions { for person in reaction.by { noteSender(person) } }

            var kinds: [MessageKind] = []
            var replyTo: String?
            if let quote = body.quote {
                if let quoted = textIDs[quote] {
                    replyTo = quoted
                } else {
                    var writer = MarkdownWriter()
                    writer.append(quote)
                    let quoted = writer.markdown.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { "> " + $0 }.joined(separator: "\n")
                    var text = MarkdownWriter()
                    text.append(body.text)
                    kinds.append(.markdown(quoted + (body.text.isEmpty ? "" : "\n\n" + text.markdown)))
                }
            }
            if kinds.isEmpty, !body.text.isEmpty {
                if body.deleted {
                    kinds.append(.text(body.text))
                } else if let call = Self.callEvent(body.text) {
                    kinds.append(.system(call))
                } else {
                    kinds.append(.text(body.text))
                }
            }
            if let sticker = body.sticker { kinds.append(.sticker(sticker)) }
            for attachment in body.attachments { kinds.append(Self.media(attachment)) }
            if kinds.isEmpty { kinds.append(.text("")) }

            for (index, kind) in kinds.enumerated() {
                messages.append(Message(
                    id: index == 0 ? id : id + "-" + String(index + 1), sender: sender, date: date, kind: kind,
                    replyTo: index == 0 ? replyTo : nil, reactions: index == 0 ? body.reactions : [],
                    deleted: body.deleted))
            }
            if !body.text.isEmpty, !body.deleted, textIDs[body.text] == nil {
                textIDs[body.text] = id
                textOrder.append(body.text)
                if textOrder.count > Self.quoteLookBack {
                    let dropped = textOrder.removeFirst()
                    if textIDs[dropped] != nil { textIDs[dropped] = nil }
                }
            }
        }
        let isGroup = senders.count > 2
        ContentMessageIDs.assign(to: &messages)
        return Conversation(
            id: name, title: name, kind: isGroup ? .group : .direct,
            participants: senders.map { Participant(id: $0, name: $0) }, messages: messages)
    }

    /// sigexport's call texts: `Incoming voice call (accepted, 1m 2s)`, `Missed video call`, `Outgoing call`.
    static func callEvent(_ text: String) -> SystemEvent? {
        guard text.count < 80, !text.contains("\n") else { return nil }
        for direction in ["Incoming ", "Outgoing ", "Missed "] where text.hasPrefix(direction) {
            let rest = text.dropFirst(direction.count)
            for kind in ["voice call", "video call", "call"] where rest.hasPrefix(kind) {
                let tail = rest.dropFirst(kind.count)
                if tail.isEmpty || (tail.hasPrefix(" (") && tail.hasSuffix(")")) {
                    return SystemEvent(event: .call, text: text)
                }
            }
        }
        return nil
    }

    /// An attachment as a photo, video, audio or file, by its extension (as sigexport decides images).
    package static func media(_ attachment: SignalBody.Attachment) -> MessageKind {
        let name = attachment.path.split(separator: "/").last.map(String.init) ?? attachment.path
        let item = MediaItem(
            file: attachment.path.hasPrefix("../") ? nil : attachment.path,
            name: attachment.name.isEmpty || attachment.name == name ? (attachment.path.hasPrefix("../") ? attachment.path : nil) : attachment.name)
        let fileExtension = (name.split(separator: ".").count > 1 ? name.split(separator: ".").last.map(String.init) ?? "" : "").lowercased()
        switch fileExtension {
        case "png", "jpg", "jpeg", "gif", "tif", "tiff", "webp", "apng", "svg", "heic", "heif", "avif", "bmp": return .photo(item)
        case "mp4", "mov", "mkv", "mpeg", "webm", "qt", "m4v", "3gp": return .video(item)
        case "m4a", "aac", "mp3", "ogg", "opus", "wav", "flac": return .audio(item)
        default: return .file(item)
        }
    }
}

/// What sigexport writes for one message, taken apart.
struct SignalBody {
    struct Attachment: Equatable {
        package var name: String
        /// The path as written, `%20` made spaces, without a leading `./`.
        package var path: String
        var isImage: Bool
    }

    package var text = ""
    var quote: String?
    var reactions: [Reaction] = []
    var sticker: MediaItem?
    var attachments: [Attachment] = []
    var deleted = false

    init(firstLine: Substring, rest: [Substring]) {
        // Markdown line breaks: sigexport ends texts with two spaces.
        var lines = ([firstLine] + rest).map { line -> Substring in
            var line = line
            while line.last == " " || line.last == "\t" { line.removeLast() }
            return line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }

        // A quote: `Name: ` then a blank line, `> ` lines and a blank line.
        if lines.count >= 3, lines[0].isEmpty, lines[1].isEmpty, lines[2].hasPrefix(">") {
            var index = 2
            var quoted: [Substring] = []
            while index < lines.count, lines[index].hasPrefix(">") {
                var line = lines[index].dropFirst()
                if line.first == " " { line = line.dropFirst() }
                quoted.append(line)
                index += 1
            }
            quote = quoted.joined(separator: "\n")
            lines = Array(lines[index...])
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }

        // Attachments at the very end: `![name](./media/x.jpg)  [doc.pdf](./media/doc.pdf)`.
        if var last = lines.last {
            var found: [Attachment] = []
            while let (attachment, start) = Self.trailingLink(last) {
                found.insert(attachment, at: 0)
                last = last[..<start]
                while last.last == " " { last.removeLast() }
            }
            if !found.isEmpty {
                // A sticker is written as a link to `../exported_stickers/...` with its emoji as the name.
                if let index = found.firstIndex(where: { $0.path.hasPrefix("../") && $0.path.contains("exported_stickers/") }) {
                    let link = found.remove(at: index)
                    sticker = MediaItem(emoji: link.name.isEmpty || link.name == "sticker" ? nil : link.name)
                }
                attachments = found
                lines[lines.count - 1] = last
            }
        }
        // A sticker without a file: `(( 😀 ))`.
        if let last = lines.last, last.hasPrefix("(( "), last.hasSuffix(" ))") {
            let label = String(last.dropFirst(3).dropLast(3))
            sticker = MediaItem(emoji: label == "sticker" ? nil : label)
            lines.removeLast()
        }
        // Reactions: `(- Ann: 👍, Me: ❤️ -)` on a line of its own.
        if let last = lines.last, last.hasPrefix("(- "), last.hasSuffix(" -)") {
            reactions = Self.reactions(last.dropFirst(3).dropLast(3))
            lines.removeLast()
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        text = lines.joined(separator: "\n")
        if text == "(This message was deleted)" { deleted = true }
    }

    /// `name: emoji` pairs joined by `, `; a name is everything before the last `: ` of its pair.
    static func reactions(_ text: Substring) -> [Reaction] {
        var result: [Reaction] = []
        for part in text.components(separatedBy: ", ") {
            guard let separator = part.range(of: ": ", options: .backwards) else { continue }
            let name = part[..<separator.lowerBound].trimmingCharacters(in: .whitespaces)
            let emoji = part[separator.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !emoji.isEmpty else { continue }
            if let index = result.firstIndex(where: { $0.emoji == emoji }) {
                if !name.isEmpty, !result[index].by.contains(name) {
                    result[index].by.append(name)
                    result[index].count = result[index].by.count
                }
            } else {
                result.append(Reaction(emoji: emoji, by: name.isEmpty ? [] : [name], count: 1))
            }
        }
        return result
    }

    /// The link that ends `line`, when its target is a relative path (`./…` or `../…`), and where it starts.
    static func trailingLink(_ line: Substring) -> (Attachment, Substring.Index)? {
        guard line.last == ")", let open = line.range(of: "](", options: .backwards) else { return nil }
        let target = line[open.upperBound..<line.index(before: line.endIndex)]
        guard target.hasPrefix("./") || target.hasPrefix("../"), !target.contains(")"), !target.contains(" ") else { return nil }
        guard let bracket = line[..<open.lowerBound].lastIndex(of: "[") else { return nil }
        let name = String(line[line.index(after: bracket)..<open.lowerBound])
        var start = bracket
        var isImage = false
        if start > line.startIndex, line[line.index(before: start)] == "!" {
            start = line.index(before: start)
            isImage = true
        }
        var path = target.replacingOccurrences(of: "%20", with: " ")
        while path.hasPrefix("./") { path.removeFirst(2) }
        return (Attachment(name: name, path: path, isImage: isImage), start)
    }
}
