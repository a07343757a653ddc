/// Renders one conversation's page: text through cmark, display decisions into rows, rows through the
/// `message` template and the page through `conversation`, working on all cores in chunks of messages.
struct ConversationRenderer: Sendable {
    let templates: TemplateSet
    let configuration: SiteConfiguration
    let delegate: any TranscriptDisplayDelegate
    /// Every minute's time of day in the site's locale, made once per build.
    let timesOfDay: [String]
    /// Renderers of custom kinds, by kind.
    let customRenderers: [String: any CustomMessageRenderer]

    init(
        templates: TemplateSet, configuration: SiteConfiguration, delegate: any TranscriptDisplayDelegate,
        customRenderers: [any CustomMessageRenderer] = []
    ) {
        self.templates = templates
        self.configuration = configuration
        self.delegate = delegate
        self.customRenderers = Dictionary(customRenderers.map { ($0.kind, $0) }) { _, last in last }
        self.timesOfDay = DateTexts.timesOfDay(locale: configuration.locale)
    }
    static let chunkSize = 512
    /// Stands for the messages while the page around them is rendered.
    static let messagesMarker = "\u{1}transcripts-messages\u{1}"

    struct Output {
        /// The page, in parts to be written one after another.
        var html: [String]
        var summary: ConversationSummary
        var rowsRendered: Int
        var warnings: [String]
    }

    /// Renders the page of `conversation`; `avatarImages` are participants' pictures, relative to the page.
    func render(
        _ conversation: Conversation, file: String, url: String, root: String, avatarImages: [String: String] = [:],
        media: [Int: MessageMedia] = [:]
    ) throws -> Output {
        let messages = conversation.messages
        var indexByID: [String: Int] = [:]
        indexByID.reserveCapacity(messages.count)
        for (index, message) in messages.enumerated() {
            if let first = indexByID[message.id] {
                throw TranscriptsError(
                    file: file, path: "messages[\(index)].id",
                    message: "the id \"\(message.id)\" is already used by messages[\(first)]; message ids must be unique")
            }
            indexByID[message.id] = index
        }
        var warnings: [String] = []
        var names: [String: String] = [:]
        for participant in conversation.participants { names[participant.id] = participant.name }
        let unknownSenders = Set(messages.compactMap(\.sender)).subtracting(names.keys)
        if !unknownSenders.isEmpty {
            warnings.append(
                "\(file): senders not listed among the participants, shown by id: \(unknownSenders.sorted().joined(separator: ", "))")
        }
        let missingReplies = messages.filter { $0.replyTo.map { indexByID[$0] == nil } ?? false }.count
        if missingReplies > 0 {
            warnings.append("\(file): \(missingReplies) repl\(missingReplies == 1 ? "y points" : "ies point") to messages not in the export")
        }

        // Plain text is needed for reply quotes and the index's last message.
        var wantsPlainText = [Bool](repeating: false, count: messages.count)
        for message in messages {
            if let target = message.replyTo.flatMap({ indexByID[$0] }) { wantsPlainText[target] = true }
        }
        if !messages.isEmpty { wantsPlainText[messages.count - 1] = true }
        let plainTextWanted = wantsPlainText
        let chunks = chunkRanges(count: messages.count, chunkSize: Self.chunkSize)
        let renderer = CommonMarkRenderer()
        let texts = try chunks.concurrentMap { chunk in
            chunk.map { index in
                Self.text(of: messages[index]).map {
                    renderer.render($0.source, format: $0.format, wantsPlainText: plainTextWanted[index])
                }
            }
        }.flatMap { $0 }

        let context = DisplayContext(conversation: conversation, configuration: configuration)
        let delegate = self.delegate
        let templates = self.templates
        let participantNamesByID = names
        let messageIndexByID = indexByID
        let timesOfDay = self.timesOfDay
        let threads = MessageRowBuilder.threads(of: messages)
        let customRenderers = self.customRenderers
        let pieces = try chunks.concurrentMap { chunk in
            let builder = MessageRowBuilder(
                context: context, delegate: delegate, texts: texts, indexByID: messageIndexByID,
                names: participantNamesByID, avatarImages: avatarImages, media: media,
                templateNames: Set(templates.sources.keys), root: root, threads: threads,
                customRenderers: customRenderers, timesOfDay: timesOfDay)
            let built = chunk.map { builder.row(at: $0) }
            var looks: [String: Look] = [:]
            for (_, look) in built where looks[look.className] == nil { looks[look.className] = look }
            return (try templates.renderRows(built.map(\.row)), built.count, looks)
        }
        let distinctLooks = pieces.reduce(into: [String: Look]()) { $0.merge($1.2) { first, _ in first } }
            .values.sorted { $0.className < $1.className }
        let looks = distinctLooks.map(LookStyle.init)
        for look in distinctLooks {
            warnings += look.contrastWarnings.map { "\(file): \($0)" }
        }
        let rowsRendered = pieces.reduce(0) { $0 + $1.1 }

        let dates = DateTexts(timeZone: configuration.timeZone, locale: configuration.locale, timesOfDay: timesOfDay)
        let first = messages.min { $0.date < $1.date }
        let last = messages.max { $0.date < $1.date }
        let participantNames = ListFormatting.join(conversation.participants.map(\.name))
        let countText = messages.count == 1 ? "1 message" : "\(messages.count) messages"
        let page = ConversationPage(
            site: SiteContext(
                siteTitle: configuration.title, pageTitle: conversation.title + " · " + configuration.title,
                lang: configuration.language,
                dir: configuration.isRightToLeft ? "rtl" : "ltr", root: root),
            title: conversation.title,
            kind: conversation.kind.rawValue,
            kindLabel: Self.kindLabel(conversation.kind),
            participantNames: participantNames,
            messageCount: messages.count,
            messageCountText: countText,
            firstDate: first.map { dates.day($0.date) },
            lastDate: last.map { dates.day($0.date) },
            looks: looks,
            messagesHTML: Self.messagesMarker)
        // The page is rendered around a marker, and the messages are written in its place: a big
        // conversation's HTML is never copied into one string.
        let frame = try templates.render(page, template: "conversation")
        let marker = frame.ranges(of: Self.messagesMarker)
        guard marker.count == 1 else {
            throw TranscriptsError(
                message: "the conversation template must show the messages exactly once with {{{messagesHTML}}} (found \(marker.count) times)")
        }
        let html = [String(frame[..<marker[0].lowerBound])] + pieces.map(\.0) + [String(frame[marker[0].upperBound...])]

        let newest = messages.last
        let summary = ConversationSummary(
            title: conversation.title,
            url: url,
            kindLabel: Self.kindLabel(conversation.kind),
            participantNames: participantNames,
            participantCount: conversation.participants.count,
            messageCount: messages.count,
            messageCountText: countText,
            firstDate: first.map { dates.day($0.date) },
            firstISO: first.map { dates.iso($0.date) },
            lastDate: last.map { dates.day($0.date) },
            lastISO: last.map { dates.iso($0.date) },
            lastMessage: newest.map { message in
                LastMessage(
                    senderName: message.sender.map { names[$0] ?? $0 },
                    snippet: Snippet.make(texts[messages.count - 1]?.plainText, kind: message.kind))
            })
        return Output(html: html, summary: summary, rowsRendered: rowsRendered, warnings: warnings)
    }

    /// The text of a message that goes through cmark, and how it is written.
    static func text(of message: Message) -> (source: String, format: TextFormat)? {
        switch message.kind {
        case .text(let text): (text, .plain)
        case .markdown(let text): (text, .markdown)
        case .photo(let media), .video(let media), .audio(let media), .voice(let media), .file(let media),
            .sticker(let media):
            media.caption.map { ($0, .plain) }
        case .linkPreview(let preview): (preview.text ?? preview.url, .plain)
        case .system(let event): (event.text, .plain)
        case .location, .contact, .poll, .custom, .unsupported: nil
        }
    }

    static func kindLabel(_ kind: ConversationKind) -> String {
        switch kind {
        case .direct: "Direct chat"
        case .group: "Group chat"
        case .channel: "Channel"
        }
    }
}
