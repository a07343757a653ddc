/// Turns the messages of one conversation into `MessageRow`s: the display delegate's decisions, the text
/// rendered by cmark, formatted times, reply quotes and reactions.
struct MessageRowBuilder {
    let context: DisplayContext
    let delegate: any TranscriptDisplayDelegate
    /// The rendered text of each message (nil for kinds without text), by message index.
    let texts: [RenderedText?]
    /// Message index by message id (the first message with that id).
    let indexByID: [String: Int]
    /// Participant names by id.
    let names: [String: String]
    let dates: DateTexts

    init(
        context: DisplayContext, delegate: any TranscriptDisplayDelegate, texts: [RenderedText?],
        indexByID: [String: Int], names: [String: String], timesOfDay: [String]? = nil
    ) {
        self.context = context
        self.delegate = delegate
        self.texts = texts
        self.indexByID = indexByID
        self.names = names
        self.dates = DateTexts(
            timeZone: context.configuration.timeZone, locale: context.configuration.locale, timesOfDay: timesOfDay)
    }

    func row(at index: Int) -> MessageRow {
        let message = context.message(at: index)
        let isSystem: Bool
        if case .system = message.kind { isSystem = true } else { isSystem = false }
        let outgoing = delegate.isFromArchiveOwner(message, at: index, in: context)
        let showsHeader = delegate.showsDateHeader(for: message, at: index, in: context)
        let previous = context.previousMessage(before: index)
        var continues = false
        if let previous, !showsHeader, previous.sender == message.sender {
            if case .system = previous.kind {} else { continues = !isSystem }
        }
        return MessageRow(
            anchor: Anchor.forMessage(id: message.id),
            kind: message.kind.typeName,
            direction: outgoing ? "outgoing" : "incoming",
            isSystem: isSystem,
            dateHeader: showsHeader ? TimeLabel(text: dates.header(message.date), iso: dates.iso(message.date)) : nil,
            showsSenderName: delegate.showsSenderName(for: message, at: index, in: context),
            senderName: senderName(message.sender),
            senderColor: message.sender.map(SenderColor.index(for:)) ?? 0,
            continues: continues,
            timeText: dates.time(message.date),
            iso: dates.iso(message.date),
            dayAndTime: dates.dayAndTime(message.date),
            bodyHTML: texts[index]?.html,
            details: MessageDetails.details(for: message.kind),
            reply: message.replyTo.map(replyQuote(to:)),
            reactions: message.reactions.map { reaction in
                ReactionChip(
                    emoji: reaction.emoji, count: reaction.count,
                    names: reaction.by.isEmpty ? nil : ListFormatting.join(reaction.by.map { senderName($0) }))
            },
            edited: message.edited.map { TimeLabel(text: dates.dayAndTime($0), iso: dates.iso($0)) },
            forwardedFrom: message.forwardedFrom,
            status: message.status?.rawValue
        )
    }

    func senderName(_ id: String?) -> String {
        guard let id else { return "" }
        return names[id] ?? id
    }

    private func replyQuote(to id: String) -> ReplyQuote {
        guard let target = indexByID[id] else {
            return ReplyQuote(url: nil, senderName: nil, snippet: "A message that is not in this export", isMissing: true)
        }
        let original = context.message(at: target)
        return ReplyQuote(
            url: "#" + Anchor.forMessage(id: original.id),
            senderName: original.sender.map { senderName($0) },
            snippet: Snippet.make(texts[target]?.plainText, kind: original.kind),
            isMissing: false)
    }
}

/// Stable, safe HTML ids for messages.
enum Anchor {
    /// `m-` followed by the id, with every byte outside `A-Z a-z 0-9 - .` written as `_XX` (hex), so
    /// different ids never give the same anchor.
    static func forMessage(id: String) -> String {
        var result = "m-"
        result.reserveCapacity(id.utf8.count + 2)
        let hex: [Character] = Array("0123456789abcdef")
        for byte in id.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E:
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result.append("_")
                result.append(hex[Int(byte >> 4)])
                result.append(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}

/// A colour (one of eight) for a sender's name, the same for the same id in every build.
enum SenderColor {
    static func index(for id: String) -> Int {
        var hash: UInt32 = 2_166_136_261  // FNV-1a
        for byte in id.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash % 8)
    }
}

/// Short one-line texts for quotes and summaries.
enum Snippet {
    static let maximumLength = 120

    /// The first characters of a message's plain text, or its kind's label when it has none.
    static func make(_ plainText: String?, kind: MessageKind) -> String {
        if let plainText, !plainText.isEmpty {
            guard plainText.count > maximumLength else { return plainText }
            return String(plainText.prefix(maximumLength - 1)) + "…"
        }
        return MessageDetails.label(for: kind)
    }
}

/// Joins names as a readable list.
enum ListFormatting {
    static func join(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        case 2: items[0] + " and " + items[1]
        default: items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }
}
