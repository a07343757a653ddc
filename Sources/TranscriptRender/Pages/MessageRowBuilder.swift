import TranscriptDisplay
import TranscriptModel
import TranscriptTemplates
import TranscriptText

/// Turns the messages of one conversation into `MessageRow`s: the display delegate's decisions, the text
/// rendered by cmark, formatted times, reply quotes and reactions.
struct MessageRowBuilder {
    package let context: DisplayContext
    package let delegate: any TranscriptDisplayDelegate
    /// The rendered text of each message (nil for kinds without text), by message index.
    let texts: TextWindow
    /// Message index by message id (the first message with that id).
    let indexByID: MessagePositions
    /// Participant names by id.
    package let names: [String: String]
    /// What a row shows of each sender the conversation knows, by id (`RowSender`).
    let senders: [String: RowSender]
    /// The site's copies of the messages' files, by message index.
    package let media: [Int: MessageMedia]
    /// The names of the templates there are, to find a custom kind's own template.
    let templateNames: Set<String>
    /// The path from the page to the site's top folder.
    package let root: String
    /// Per thread (by its first message's id): how many replies, and the index of the first (see `threads(of:)`).
    let threads: [String: (count: Int, first: Int)]
    /// Renderers of custom kinds, by kind.
    package let customRenderers: [String: any CustomMessageRenderer]
    /// The page file of each message, by index (none: all on one page).
    let pageFiles: MessagePageFiles

    /// A link to the message at `target` from the page of the message at `index`.
    package func link(to target: Int, from index: Int) -> String {
        let anchor = "#" + context.conversation.messages.withUnsafeBufferPointer { Anchor.forMessage(id: $0[target].id) }
        guard target < pageFiles.messageCount, index < pageFiles.messageCount else { return anchor }
        let page = pageFiles.page(of: target)
        guard page != pageFiles.page(of: index) else { return anchor }
        return pageFiles.files[page] + anchor
    }
    package let dates: DateTexts
    /// The words the rows show.
    package let strings: StringTable
    /// The texts each reaction's names are filled into, cut once (`ListPattern`, `TextPattern`).
    let namesList: ListPattern
    let reactionsFrom: TextPattern?
    /// What the page's list of messages sets for its rows (`listDefaults(in:)`): rows that match leave it out.
    var listDefaults: ListDefaults?

    /// A builder of the rows of `context`'s conversation. `senders`, when given, is the table of its senders
    /// (`RowSender.table`, made once for all the conversation's rows), else it is made from `names`,
    /// `avatarImages` (pictures by participant id, relative to the page), `initials` and `participants` (by id;
    /// made from `names` and `context` when not given).
    init(
        context: DisplayContext, delegate: any TranscriptDisplayDelegate, texts: TextWindow,
        indexByID: MessagePositions, names: [String: String], avatarImages: [String: String] = [:],
        media: [Int: MessageMedia] = [:], templateNames: Set<String> = [], root: String = "../../",
        threads: [String: (count: Int, first: Int)] = [:],
        customRenderers: [String: any CustomMessageRenderer] = [:], pageFiles: MessagePageFiles = .none,
        timesOfDay: [String]? = nil, strings: StringTable = StringTables.english, dayTexts: DayTexts = .none,
        initials: [String: String]? = nil, participants: [String: Participant]? = nil, senders: [String: RowSender]? = nil
    ) {
        self.strings = strings
        namesList = ListPattern(strings: strings)
        reactionsFrom = TextPattern("reactionsFrom", in: strings, names: ["names"])
        self.pageFiles = pageFiles
        self.customRenderers = customRenderers
        self.media = media
        self.templateNames = templateNames
        self.root = root
        self.threads = threads
        self.context = context
        self.delegate = delegate
        self.texts = texts
        self.indexByID = indexByID
        self.names = names
        self.senders = senders ?? RowSender.table(
            names: names, avatarImages: avatarImages, initials: initials ?? [:],
            participants: participants ?? Dictionary(context.conversation.participants.map { ($0.id, $0) }) { first, _ in first })
        self.dates = DateTexts(
            timeZone: context.configuration.timeZone, locale: context.configuration.locale, timesOfDay: timesOfDay,
            strings: strings, known: dayTexts)
    }

    /// The rows of the messages in `range`, and the appearances they use for the page's `<style>`, each once, by
    /// class name. `each` is called with each message, its index and its row, as they are made.
    func rows(
        _ range: Range<Int>, each: (borrowing Message, Int, MessageRowObject) -> Void = { _, _, _ in }
    ) -> (rows: [MessageRowObject], appearances: [String: MessageAppearance]) {
        var rows: [MessageRowObject] = []
        rows.reserveCapacity(range.count)
        var appearances: [String: MessageAppearance] = [:]
        var lastClass = ""
        for index in range {
            // The message read once (an element handed on from the list is copied, every field retained) for
            // its row and for `each`.
            let (row, appearance) = context.conversation.messages.withUnsafeBufferPointer {
                (messages: UnsafeBufferPointer<Message>) -> (row: MessageRowObject, appearance: MessageAppearance) in
                let message = messages[index]
                let made = self.row(for: message, at: index)
                each(message, index, made.row)
                return made
            }
            rows.append(row)
            // Messages next to each other mostly look alike: the dictionary is asked only when the class changes.
            if appearance.className != lastClass {
                lastClass = appearance.className
                if appearances[lastClass] == nil { appearances[lastClass] = appearance }
            }
        }
        return (rows, appearances)
    }

    /// The message's row (as templates read it), and its appearance for the page's `<style>`.
    func row(at index: Int) -> (row: MessageRowObject, appearance: MessageAppearance) {
        // The message read in place: `context.message(at:)` would copy it, retaining every field.
        context.conversation.messages.withUnsafeBufferPointer { row(for: $0[index], at: index) }
    }

    private func row(for message: borrowing Message, at index: Int) -> (row: MessageRowObject, appearance: MessageAppearance) {
        let isSystem = message.kind.isEvent
        let outgoing = delegate.isFromArchiveOwner(message, at: index, in: context)
        let display = delegate.display(for: message, at: index, in: context)
        let fullStyle = delegate.messageStyle(for: message, at: index, in: context)
        var style = fullStyle
        // As in iMessage, only the last bubble of a group has a tail.
        // The next message passed in place, through a buffer pointer (`nextMessage(after:)`, or the list's
        // element passed as it is, would copy it).
        let groupsWithNext = context.conversation.messages.withUnsafeBufferPointer { messages in
            index + 1 < messages.count && delegate.isGroupedWithPrevious(messages[index + 1], at: index + 1, in: context)
        }
        if groupsWithNext { style = style.withoutTail }
        // The sender looked up once; a sender the conversation does not list is shown by id.
        let rowSender = message.sender.map { id in
            senders[id] ?? RowSender(id: id, name: nil, avatarImage: nil, initials: nil, participant: nil)
        }
        let roleColor = rowSender?.roleColor
        let appearance = self.appearance(of: message, at: index, display: display, style: style, roleColor: roleColor)
        let name = rowSender?.name ?? ""
        let color = rowSender?.color ?? 0
        let sender = MessageRow.Sender(
            name: name,
            color: color,
            showsName: delegate.showsSenderName(for: message, at: index, in: context),
            nameInside: display.layout.namePosition == .inside,
            isBot: rowSender?.isBot ?? false,
            hasRoleColor: roleColor != nil,
            url: rowSender?.person.map { root + "people/" + $0 + "/index.html" })
        let iso = dates.iso(message.date)
        let times = MessageRow.Times(
            time: dates.time(message.date),
            iso: iso,
            dayAndTime: dates.dayAndTime(message.date),
            dateHeader: delegate.showsDateHeader(for: message, at: index, in: context)
                ? TimeLabel(text: dates.header(message.date), iso: iso) : nil,
            edited: message.edited.map { editedLabel($0) })
        let body = MessageRow.Body(
            html: texts[index]?.html,
            eventText: EventLabel.text(for: message.kind, strings: strings) { senderName($0) },
            details: MessageDetails.details(for: message.kind, strings: strings),
            kindTemplate: KindTemplate.name(for: message.kind, available: templateNames),
            kindValues: customContent(message)
                ?? KindTemplate.values(for: message, media: media[index], root: root, strings: strings) { senderName($0) })
        let bubble = MessageRow.Bubble(
            appearanceClass: appearance.className,
            appearanceOnList: appearance.className == listDefaults?.look,
            styleName: style.name,
            hasOutline: style.outline != nil,
            tail: style.tail.map { TailView(corner: $0.corner, shape: $0.style) },
            tailSide: fullStyle.tail.map { [.topLeft, .bottomLeft].contains($0.corner) ? "left" : "right" },
            continues: delegate.isGroupedWithPrevious(message, at: index, in: context),
            avatar: delegate.showsAvatar(for: message, at: index, in: context)
                ? rowSender.map { AvatarView(image: $0.avatarImage, initials: $0.initials, color: $0.color) } : nil,
            reservesAvatarSpace: !isSystem
                && (display.showsAvatar ?? (context.conversation.kind != .direct && !outgoing)),
            listReservesAvatarSpace: outgoing ? nil : listDefaults?.reservesAvatarSpace)
        let row = MessageRowObject(MessageRow(
            anchor: Anchor.forMessage(id: message.id),
            kind: message.kind.typeName,
            direction: outgoing ? "outgoing" : "incoming",
            isSystem: isSystem,
            sender: sender,
            times: times,
            body: body,
            bubble: bubble,
            reply: message.replyTo.map { replyQuote(to: $0, from: index) },
            reactions: message.reactions.map { reaction in
                let names = reaction.by.isEmpty ? nil : namesList.list(reaction.by.map { senderName($0) })
                return ReactionChip(
                    emoji: reaction.emoji, count: reaction.count, names: names,
                    fromNames: names.map { names in reactionsFrom?.filled([names]) ?? strings.text("reactionsFrom", ["names": names]) })
            },
            forwardedFrom: message.forwardedFrom,
            forwardedText: message.forwardedFrom.map { strings.text("forwardedFrom", ["name": $0]) }
                ?? (message.forwardedDate ?? message.forwardedEdited).map { _ in strings.text("forwarded") },
            forwardedTime: message.forwardedDate.map { TimeLabel(text: dates.dayAndTime($0), iso: dates.iso($0)) },
            forwardedEdited: message.forwardedEdited.map { editedLabel($0) },
            status: message.status.map { status in
                MessageRow.Status(name: status.rawValue, symbol: Self.statusSymbol(status), label: Self.statusLabel(status, strings: strings))
            },
            pinned: message.pinned,
            deleted: message.deleted,
            threadReplies: (threads.isEmpty ? nil : threads[message.id]).map { thread in
                ThreadLink(
                    text: strings.plural("replyCount", count: thread.count),
                    url: link(to: thread.first, from: index))
            },
            threadParent: message.thread.flatMap { thread in
                guard thread != message.id else { return nil }
                return ThreadLink(
                    text: strings.text("inThread"), url: indexByID[thread].map { link(to: $0, from: index) })
            },
            history: message.history.map { historyView($0) },
            app: message.app,
            footer: footer(delegate.footerItems(for: message, at: index, in: context), for: message),
            footerTemplate: display.footerTemplate ?? "footer"))
        return (row, appearance)
    }

    /// The message's appearance: the display settings' colours and lengths with the delegate's colours, the
    /// style's outline and the sender's role colour.
    private func appearance(
        of message: borrowing Message, at index: Int, display: ResolvedDisplay, style: MessageStyle, roleColor: CSSColor?
    ) -> MessageAppearance {
        display.appearance.with(
            background: delegate.backgroundColor(for: message, at: index, in: context),
            text: delegate.textColor(for: message, at: index, in: context), outline: style.outline, roleColor: roleColor)
    }

    /// What the list of messages in `range` (a page) sets for its rows: the look and avatar room of its first
    /// incoming message, so that most of its rows need not name them; nil when it has none.
    func listDefaults(in range: Range<Int>) -> ListDefaults? {
        context.conversation.messages.withUnsafeBufferPointer { messages in
            for index in range {
                let message = messages[index]
                guard !message.kind.isEvent, !delegate.isFromArchiveOwner(message, at: index, in: context) else { continue }
                let roleColor = message.sender.flatMap { senders[$0]?.roleColor }
                let display = delegate.display(for: message, at: index, in: context)
                let look = appearance(
                    of: message, at: index, display: display,
                    style: delegate.messageStyle(for: message, at: index, in: context), roleColor: roleColor)
                return ListDefaults(
                    look: look.className, reservesAvatarSpace: display.showsAvatar ?? (context.conversation.kind != .direct))
            }
            return nil
        }
    }

    /// An edit time: the day and time, its ISO 8601 form and a sentence for a tooltip ("Edited 3 May 2024, 09:30").
    /// What the row shows of a merged message's history: each export named by the day of its newest message.
    private func historyView(_ history: MessageHistory) -> MessageHistoryView {
        MessageHistoryView(
            earlierVersions: history.earlierVersions.map { version in
                let day = dates.day(version.export)
                return .init(
                    text: version.text,
                    export: TimeLabel(text: strings.text("inExportOf", ["date": day]), iso: dates.iso(version.export)))
            },
            missingFrom: history.missingFrom.last.map { strings.text("missingFromExport", ["date": dates.day($0)]) })
    }

    /// (Called from closures: `map(editedLabel)`, a method as a value, would copy the whole builder each time.)
    private func editedLabel(_ edited: Timestamp) -> TimeLabel {
        let text = dates.dayAndTime(edited)
        return TimeLabel(text: text, iso: dates.iso(edited), title: strings.text("editedAt", ["time": text]))
    }

    /// The threads of a conversation: per first message's id, the number of replies and the first reply.
    static func threads(of messages: [Message]) -> [String: (count: Int, first: Int)] {
        var threads: [String: (count: Int, first: Int)] = [:]
        // By index: a message copied out of the list would retain every field it holds.
        for index in messages.indices {
            guard let thread = messages[index].thread, thread != messages[index].id else { continue }
            threads[thread, default: (0, index)].count += 1
        }
        return threads
    }

    /// The values of a custom kind that has a renderer registered in code.
    private func customContent(_ message: Message) -> TemplateDictionary? {
        guard case .custom(let content) = message.kind, let renderer = customRenderers[content.kind] else { return nil }
        return TemplateDictionary(renderer.values(for: content, in: message))
    }

    /// IMUI's status view as text: a clock while sending, one tick when sent, two when delivered or read, a
    /// warning sign when it failed. (The built-in `message` template draws the clock as the `icons/sending` icon,
    /// which shows without an emoji font.)
    static func statusSymbol(_ status: DeliveryStatus) -> String {
        switch status {
        case .sending: "🕓"
        case .sent: "✓"
        case .delivered, .read: "✓✓"
        case .failed: "⚠"
        }
    }

    /// A status in words: `Delivered`.
    static func statusLabel(_ status: DeliveryStatus, strings: StringTable = StringTables.english) -> String {
        strings.text("status" + status.rawValue.prefix(1).uppercased() + status.rawValue.dropFirst())
    }

    private func footer(_ items: [FooterItem], for message: Message) -> FooterView? {
        guard !items.isEmpty else { return nil }
        var time: String?
        var status: String?
        var reactions: String?
        var edited: String?
        for item in items {
            switch item {
            case .time: time = dates.header(message.date)
            case .status: status = message.status.map { Self.statusLabel($0, strings: strings) }
            case .reactions:
                let described = message.reactions.map { reaction in
                    reaction.emoji + " " + (reaction.by.isEmpty ? "\(reaction.count)" : namesList.list(reaction.by.map { senderName($0) }))
                }
                reactions = described.isEmpty ? nil : described.joined(separator: "; ")
            case .edited: edited = message.edited.map { strings.text("editedAt", ["time": dates.dayAndTime($0)]) }
            }
        }
        guard time != nil || status != nil || reactions != nil || edited != nil else { return nil }
        return FooterView(time: time, status: status, reactions: reactions, edited: edited)
    }

    func senderName(_ id: String?) -> String {
        guard let id else { return "" }
        return names[id] ?? id
    }

    private func replyQuote(to id: String, from index: Int) -> ReplyQuote {
        guard let target = indexByID[id] else {
            return ReplyQuote(url: nil, senderName: nil, snippet: strings.text("replyMissing"), isMissing: true)
        }
        // The quoted message's fields read in place: `context.message(at:)` would copy all of it.
        return context.conversation.messages.withUnsafeBufferPointer { messages in
            ReplyQuote(
                url: link(to: target, from: index),
                senderName: messages[target].sender.map { senderName($0) },
                snippet: Snippet.make(texts.plainText(of: target), kind: messages[target].kind, strings: strings),
                isMissing: false)
        }
    }
}

/// Stable, safe HTML ids for messages.
enum Anchor {
    /// `m-` followed by the id, with every byte outside `A-Z a-z 0-9 - .` written as `_XX` (hex), so
    /// different ids never give the same anchor.
    static func forMessage(id: String) -> String {
        var id = id
        let utf8 = id.utf8
        // Most ids need no escaping: "m-" and the id's bytes, without going byte by byte into a string.
        if id.withUTF8({ $0.allSatisfy(isKept) }) { return "m-" + id }
        var bytes: [UInt8] = Array("m-".utf8)
        bytes.reserveCapacity(utf8.count * 3 + 2)
        let hex = Array("0123456789abcdef".utf8)
        for byte in utf8 {
            if isKept(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "_"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `A-Z a-z 0-9 - .`
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E: true
        default: false
        }
    }
}

/// A colour (one of eight) for a sender's name, the same for the same id in every build.
enum SenderColor {
    package static func index(for id: String) -> Int {
        var id = id
        // The bytes read in place (going through `utf8` is many times slower).
        return id.withUTF8 { bytes in
            var hash: UInt32 = 2_166_136_261  // FNV-1a
            for byte in bytes {
                hash ^= UInt32(byte)
                hash = hash &* 16_777_619
            }
            return Int(hash % 8)
        }
    }
}

/// Short one-line texts for quotes and summaries.
enum Snippet {
    static let maximumLength = 120

    /// The first characters of a message's plain text, or its kind's label when it has none.
    package static func make(_ plainText: String?, kind: MessageKind, strings: StringTable = StringTables.english) -> String {
        if let plainText, !plainText.isEmpty {
            // No more characters than bytes: a text of few bytes is not counted character by character.
            guard plainText.utf8.count > maximumLength, plainText.count > maximumLength else { return plainText }
            return String(plainText.prefix(maximumLength - 1)) + "…"
        }
        return MessageDetails.label(for: kind, strings: strings)
    }
}

/// The rendered text of the messages being built (a window of the conversation, so a big conversation is
/// never held rendered in memory at once), and the plain text of messages that others quote.
struct TextWindow: Sendable {
    /// The index of the first message in `texts`.
    package var offset: Int
    var texts: [RenderedText?]
    /// Plain text by message index, for the messages replies quote (they may lie outside the window).
    var quoted: [Int: String]

    init(offset: Int = 0, texts: [RenderedText?], quoted: [Int: String] = [:]) {
        self.offset = offset
        self.texts = texts
        self.quoted = quoted
    }

    subscript(index: Int) -> RenderedText? {
        let position = index - offset
        return position >= 0 && position < texts.count ? texts[position] : nil
    }

    func plainText(of index: Int) -> String? {
        quoted[index] ?? self[index]?.plainText
    }
}
