import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Reads the pages of one Telegram HTML chat (`messages.html`, `messages2.html`, ...) in order into messages.
/// A "joined" message (`class="... joined"`) has no `from_name`: its sender is the previous message's, across
/// pages too. See docs/formats/telegram-html.md for how each element maps.
struct TelegramHTMLReader {
    let timeZone: TimeZone
    private(set) var title: String?
    private(set) var messages: [Message] = []
    private(set) var participants: [Participant] = []
    private(set) var warnings: [String] = []

    private var lastSender: String?
    private var lastDate: Timestamp?
    /// Messages read before any date (service messages before the first day heading): they take the next
    /// dated message's date.
    private var undated: [Int] = []
    private let dayFormatter: DateFormatter

    /// The parts of a message's body this reader understands; anything else is reported, never dropped.
    private static let knownParts: Set<String> = [
        "date", "from_name", "reply_to", "forwarded", "text", "media_wrap", "reactions", "signature", "userpic_wrap",
    ]

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        dayFormatter = DateFormatter()
        dayFormatter.locale = Locale(identifier: "en_US_POSIX")
        dayFormatter.timeZone = timeZone
        dayFormatter.dateFormat = "d MMMM yyyy"
    }

    /// Reads one page; throws when it is not a page of a Telegram chat (no `div.history`).
    mutating func read(page root: HTMLElement, displayPath: String) throws {
        if title == nil, let header = root.firstDescendant(where: { $0.hasClass("page_header") }),
           let text = header.firstDescendant(where: { $0.hasClass("text") })
        {
            let name = text.collapsedText
            if !name.isEmpty { title = name }
        }
        guard let history = root.firstDescendant(where: { $0.name == "div" && $0.hasClass("history") }) else {
            throw TranscriptsError(file: displayPath, message: "not a page of a Telegram HTML export: it has no <div class=\"history\">")
        }
        for element in history.elements {
            if element.hasClass("message") {
                read(message: element, displayPath: displayPath)
            } else if element.hasClass("pagination") || element.name == "script" {
                continue  // the links to the previous and next pages
            } else {
                let text = element.collapsedText
                if !text.isEmpty {
                    warnings.append("\(displayPath):\(element.line): an element of the history that is not a message was skipped (\(Self.describe(element))): \(text.prefix(80))")
                }
            }
        }
    }

    /// The messages once every page is read: messages read before any date get the first date after them.
    mutating func finish(displayPath: String) -> [Message] {
        if !undated.isEmpty {
            var next: Timestamp?
            for index in messages.indices.reversed() {
                if undated.contains(index) {
                    if let next {
                        messages[index].date = next
                    } else {
                        warnings.append("\(displayPath): message \(messages[index].id) has no date, and no message after it has one (shown at 1970-01-01)")
                    }
                } else {
                    next = messages[index].date
                }
            }
            undated = []
        }
        return messages
    }

    // MARK: - Messages

    private mutating func read(message element: HTMLElement, displayPath: String) {
        let rawID = element.attributes["id"].map { $0.hasPrefix("message") ? String($0.dropFirst("message".count)) : $0 } ?? ""
        let id = rawID.isEmpty ? "item-\(messages.count + 1)" : rawID
        let body = element.child(classes: "body") ?? element
        if element.hasClass("service") {
            let text = body.collapsedText
            // A negative id is a day's heading ("23 August 2023"), which the pages show between days.
            if rawID.hasPrefix("-") || rawID.isEmpty, let day = dayFormatter.date(from: text) {
                let start = Timestamp(day, utcOffset: timeZone.secondsFromGMT(for: day))
                if lastDate.map({ $0 < start }) ?? true { lastDate = start }
                return
            }
            append(Message(id: id, sender: nil, date: lastDate ?? Timestamp(secondsSince1970: 0), kind: .system(SystemEvent(event: Self.event(text), text: text))), dated: lastDate != nil)
            return
        }
        guard element.hasClass("default") else {
            let kind = MessageKind.unsupported(UnsupportedContent(type: "html: " + element.classes.joined(separator: " "), raw: Self.raw(element)))
            append(Message(id: id, sender: lastSender, date: lastDate ?? Timestamp(secondsSince1970: 0), kind: kind), dated: lastDate != nil)
            warnings.append("\(displayPath):\(element.line): message \(id) is of a kind this version does not read (\(Self.describe(element))): shown as unsupported")
            return
        }

        // The sender: from_name, or the previous message's for a joined one.
        var sender: String?
        if let from = body.child(classes: "from_name") {
            sender = Self.name(from)
        } else if element.hasClass("joined") {
            sender = lastSender
            if sender == nil {
                warnings.append("\(displayPath):\(element.line): message \(id) continues a previous message that is not in the export: its sender is unknown")
            }
        }
        if let sender, !participants.contains(where: { $0.id == sender }) {
            participants.append(Participant(id: sender, name: sender))
        }
        lastSender = sender

        // The date, with its offset, and whether it was edited.
        var date = lastDate
        var edited: Timestamp?
        if let details = body.child(classes: "date") {
            let title = details.attributes["title"] ?? ""
            if let parsed = Self.timestamp(title, timeZone: timeZone) {
                date = parsed
            } else {
                warnings.append("\(displayPath):\(element.line): message \(id) has no date Telegram's way (\"\(title.prefix(40))\"): the previous message's date is used")
            }
            let lowerTitle = title.lowercased()
            if let range = lowerTitle.range(of: "edited") {
                let after = String(lowerTitle[range.upperBound...]).trimmingCharacters(in: CharacterSet(charactersIn: ": "))
                edited = Self.timestamp(after, timeZone: timeZone) ?? date
            } else if details.textContent.lowercased().contains("edited") {
                edited = date
            }
        } else {
            warnings.append("\(displayPath):\(element.line): message \(id) has no date: the previous message's date is used")
        }

        // A forward holds the forwarded message's parts in its own body.
        var content = body
        var forwardedFrom: String?
        if let forwarded = body.child(classes: "forwarded", "body") {
            content = forwarded
            forwardedFrom = forwarded.child(classes: "from_name").map(Self.name) ?? "unknown"
        }

        let text = content.child(classes: "text").map(TelegramHTMLText.init)
        var kind: MessageKind
        if let media = content.child(classes: "media_wrap") {
            kind = Self.media(media, caption: text.map(\.plain).flatMap { $0.isEmpty ? nil : $0 })
            if case .unsupported = kind {
                warnings.append("\(displayPath):\(media.line): message \(id) holds media this version does not read (\(Self.describe(media.elements.first ?? media))): shown as unsupported")
            }
        } else if let text, !text.isPlain {
            kind = .markdown(text.markdown)
        } else {
            kind = .text(text?.plain ?? "")
        }

        // Parts of the body nothing above read: kept as unsupported when the message has nothing else.
        let unknown = body.elements.filter { part in !part.classes.contains(where: Self.knownParts.contains) }
            + (content == body ? [] : content.elements.filter { part in !part.classes.contains(where: Self.knownParts.contains) })
        if !unknown.isEmpty {
            if case .text("") = kind {
                kind = .unsupported(UnsupportedContent(type: "html: " + unknown.map(Self.describe).joined(separator: ", "), raw: Self.raw(body)))
            }
            warnings.append("\(displayPath):\(unknown[0].line): message \(id) has parts this version does not read (\(unknown.map(Self.describe).joined(separator: ", ")))" + (kind.isUnsupported ? ": shown as unsupported" : ""))
        }

        var message = Message(id: id, sender: sender, date: date ?? Timestamp(secondsSince1970: 0), kind: kind)
        message.edited = edited
        message.forwardedFrom = forwardedFrom
        message.replyTo = body.child(classes: "reply_to").flatMap(Self.replyTarget)
        message.reactions = (body.firstDescendant { $0.hasClass("reactions") }).map(Self.reactions) ?? []
        append(message, dated: date != nil)
    }

    private mutating func append(_ message: Message, dated: Bool) {
        if !dated { undated.append(messages.count) } else { lastDate = message.date }
        messages.append(message)
    }

    // MARK: - Parts

    /// A sender's name: the text of `from_name` without the `details` inside it (a forward's date, "via @bot").
    static func name(_ element: HTMLElement) -> String {
        var copy = element
        copy.children = element.children.filter { node in
            if case .element(let child) = node, child.hasClass("details") || child.hasClass("date") { return false }
            return true
        }
        let name = copy.collapsedText
        return name.isEmpty ? element.collapsedText : name
    }

    /// The id of the message a `reply_to` links to: `GoToMessage(123)` or `#go_to_message123`.
    static func replyTarget(_ element: HTMLElement) -> String? {
        for link in element.descendants(where: { $0.name == "a" }) {
            for (attribute, marker) in [("onclick", "GoToMessage("), ("href", "go_to_message")] {
                guard let value = link.attributes[attribute], let range = value.range(of: marker) else { continue }
                let digits = value[range.upperBound...].prefix { $0.isNumber || $0 == "-" }
                if !digits.isEmpty { return String(digits) }
            }
        }
        return nil
    }

    /// `div.reactions`: each `reaction`'s emoji and count (its `count`, else the people pictured, else 1).
    static func reactions(_ element: HTMLElement) -> [Reaction] {
        element.descendants { $0.hasClass("reaction") }.compactMap { reaction in
            let emojiElement = reaction.firstDescendant { $0.hasClass("emoji") }
            var emoji = emojiElement?.collapsedText ?? ""
            if emoji.isEmpty { emoji = emojiElement?.firstDescendant { $0.name == "img" }?.attributes["alt"] ?? "" }
            if emoji.isEmpty {
                emoji = HTMLElement.collapse(reaction.children.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined())
            }
            guard !emoji.isEmpty else { return nil }
            let userpics = reaction.descendants { $0.hasClass("userpic") }
            let people = userpics.compactMap { $0.attributes["title"] }.filter { !$0.isEmpty }
            let count = reaction.firstDescendant { $0.hasClass("count") }.flatMap { Int($0.collapsedText) }
                ?? (userpics.isEmpty ? 1 : userpics.count)
            return Reaction(emoji: emoji, by: people, count: count)
        }
    }

    /// `div.media_wrap`: a photo, video, voice message, audio file, sticker or file; a `div` in place of the
    /// link is one the export did not include (its name kept, its file missing).
    static func media(_ wrap: HTMLElement, caption: String?) -> MessageKind {
        guard let media = wrap.elements.first else {
            return .unsupported(UnsupportedContent(type: "html: empty media_wrap", raw: raw(wrap)))
        }
        let href = media.name == "a" ? media.attributes["href"].flatMap { $0.isEmpty || $0.hasPrefix("http") ? nil : $0 } : nil
        let name = media.firstDescendant { $0.hasClass("title") }?.collapsedText
        let status = media.firstDescendant { $0.hasClass("status") }?.collapsedText
        let image = media.firstDescendant { $0.name == "img" }
        let (width, height) = image.map { size(style: $0.attributes["style"] ?? "") } ?? (nil, nil)
        let thumbnail = image?.attributes["src"].flatMap { $0 == href || $0.isEmpty ? nil : $0 }
        var item = MediaItem(
            file: href, name: name ?? href.map { String($0.split(separator: "/").last ?? "") }, width: width, height: height,
            duration: status.flatMap(duration), thumbnail: thumbnail, caption: caption)
        let classes = Set(media.classes)
        if classes.contains("photo_wrap") || classes.contains("media_photo") {
            item.name = nil
            item.duration = nil
            return .photo(item)
        }
        if classes.contains("video_file_wrap") || classes.contains("media_video") || classes.contains("animated_wrap")
            || classes.contains("media_animated") || classes.contains("round_video_wrap")
        {
            return .video(item)
        }
        if classes.contains("media_voice_message") { return .voice(item) }
        if classes.contains("media_audio_file") { return .audio(item) }
        if classes.contains("sticker_wrap") || classes.contains("media_sticker") { return .sticker(item) }
        if classes.contains("media_file") { return .file(item) }
        return .unsupported(UnsupportedContent(type: "html: " + describe(media), raw: raw(media)))
    }

    /// `width: 260px; height: 195px` → (260, 195).
    static func size(style: String) -> (Int?, Int?) {
        func value(_ key: String) -> Int? {
            guard let range = style.range(of: key + ":") else { return nil }
            return Int(style[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber })
        }
        return (value("width"), value("height"))
    }

    /// A status such as `00:42, 1.2 MB` → 42 seconds.
    static func duration(_ status: String) -> Double? {
        guard let first = status.split(separator: ",").first else { return nil }
        let parts = first.trimmingCharacters(in: .whitespaces).split(separator: ":")
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        return parts.reduce(0.0) { $0 * 60 + Double($1)! }
    }

    /// `dd.mm.yyyy hh:mm:ss UTC+hh:mm` (the offset is missing in older exports: then `timeZone`'s).
    static func timestamp(_ text: String, timeZone: TimeZone) -> Timestamp? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count >= 2 else { return nil }
        let day = parts[0].split(separator: ".").compactMap { Int($0) }
        let time = parts[1].split(separator: ":").compactMap { Int($0) }
        guard day.count == 3, (2...3).contains(time.count), (1...12).contains(day[1]), (1...31).contains(day[0]),
              (0...23).contains(time[0]), (0...59).contains(time[1])
        else { return nil }
        var offset: Int?
        if parts.count >= 3, parts[2].hasPrefix("UTC") {
            let sign = parts[2].dropFirst(3)
            if sign.isEmpty {
                offset = 0
            } else {
                let negative = sign.hasPrefix("-")
                let hm = sign.dropFirst().split(separator: ":").compactMap { Int($0) }
                guard sign.hasPrefix("+") || negative, (1...2).contains(hm.count), hm[0] <= 14 else { return nil }
                offset = (hm[0] * 3600 + (hm.count == 2 ? hm[1] * 60 : 0)) * (negative ? -1 : 1)
            }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone
        let components = DateComponents(
            year: day[2], month: day[1], day: day[0], hour: time[0], minute: time[1], second: time.count == 3 ? time[2] : 0)
        guard let date = calendar.date(from: components) else { return nil }
        return Timestamp(date, utcOffset: offset ?? timeZone.secondsFromGMT(for: date))
    }

    /// A service message's kind of event, from the words Telegram writes.
    static func event(_ text: String) -> SystemEvent.Event {
        let lower = text.lowercased()
        if lower.contains(" created group") || lower.contains(" created the group") || lower.contains("channel created") { return .create }
        if lower.contains(" joined ") || lower.hasSuffix(" joined") || lower.contains(" invited ") || lower.contains(" added ") { return .join }
        if lower.contains(" left ") || lower.hasSuffix(" left") || lower.contains(" removed ") { return .leave }
        if lower.contains(" changed group title") || lower.contains(" changed the group name") { return .rename }
        if lower.contains(" pinned ") { return .pin }
        if lower.contains(" call") { return .call }
        return .other
    }

    /// An element for messages: its name and classes (`a.media_location`).
    static func describe(_ element: HTMLElement) -> String {
        ([element.name] + element.classes).joined(separator: ".")
    }

    /// An element kept for an unsupported message: its classes and its text.
    static func raw(_ element: HTMLElement) -> JSONValue {
        .object(["element": .string(describe(element)), "text": .string(element.spacedText)])
    }
}

extension MessageKind {
    fileprivate var isUnsupported: Bool {
        if case .unsupported = self { return true }
        return false
    }
}
