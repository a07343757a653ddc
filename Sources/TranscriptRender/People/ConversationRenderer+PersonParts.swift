import TranscriptModel

extension ConversationRenderer {
    /// The parts of `frame`'s conversation on its people's pages: one for each participant the conversation marks
    /// as a person (`Participant.person`) who wrote or is listed. `folder` is the conversation's folder
    /// (`c/<slug>/`); the entries' addresses are relative to a person's page (`people/<person>/index.html`).
    package func personParts(of frame: ConversationFrame, media: [Int: MessageMedia], folder: String) -> [PersonPart] {
        let conversation = frame.conversation
        var personOf: [String: String] = [:]
        var names: [String: String] = [:]
        for participant in conversation.participants {
            guard let person = participant.person else { continue }
            personOf[participant.id] = person
            if names[person] == nil { names[person] = participant.name }
        }
        guard !personOf.isEmpty else { return [] }
        struct Tally {
            var count = 0
            var first: Double?
            var last: Double?
            var months: [Int: Int] = [:]
            var media: [Int] = []
            var mediaCount = 0
            var files: [Int] = []
            var fileCount = 0
            var links: [Int] = []
            var linkCount = 0
        }
        var tallies: [String: Tally] = [:]
        for person in Set(personOf.values) { tallies[person] = Tally() }
        let messages = frame.messages
        let shown = PersonPart.shownPerConversation
        // Newest first, so that the entries kept are the newest; the months come from the page each message is on.
        for page in frame.plan.pages.reversed() {
            let parts = page.file.dropLast(5).split(separator: "-")
            let month = parts.count >= 2 ? (Int(parts[0]) ?? 0) * 12 + (Int(parts[1]) ?? 1) - 1 : 0
            for index in page.range.reversed() {
                guard let sender = messages[index].sender, let person = personOf[sender] else { continue }
                let seconds = messages[index].date.secondsSince1970
                tallies[person]!.count += 1
                tallies[person]!.months[month, default: 0] += 1
                if tallies[person]!.first.map({ seconds < $0 }) ?? true { tallies[person]!.first = seconds }
                if tallies[person]!.last.map({ seconds > $0 }) ?? true { tallies[person]!.last = seconds }
                switch messages[index].kind {
                case .photo, .video:
                    tallies[person]!.mediaCount += 1
                    if tallies[person]!.media.count < shown { tallies[person]!.media.append(index) }
                case .file, .audio:
                    tallies[person]!.fileCount += 1
                    if tallies[person]!.files.count < shown { tallies[person]!.files.append(index) }
                case .linkPreview:
                    tallies[person]!.linkCount += 1
                    if tallies[person]!.links.count < shown { tallies[person]!.links.append(index) }
                default:
                    if let text = Self.text(of: messages[index].kind)?.source {
                        let links = ConversationActivity.countLinks(in: text)
                        tallies[person]!.linkCount += links
                        if links > 0, tallies[person]!.links.count < shown { tallies[person]!.links.append(index) }
                    }
                }
            }
        }
        let dates = makeDateTexts(for: frame)
        let kindLabel = Self.kindLabel(conversation.kind, strings: strings)
        func entries(_ indices: [Int], _ section: GallerySection) -> [PersonPart.DatedEntry] {
            indices.flatMap { index -> [PersonPart.DatedEntry] in
                let gallery = ConversationGallery(frame: frame, messages: index..<(index + 1))
                return gallery.entries(of: section, frame: frame, media: media, dates: dates, strings: strings).map { entry in
                    var entry = entry
                    entry.permalink = "../../" + folder + entry.permalink
                    return PersonPart.DatedEntry(entry: entry, seconds: messages[index].date.secondsSince1970)
                }
            }
        }
        return tallies.keys.sorted().map { person in
            let tally = tallies[person]!
            return PersonPart(
                person: person, name: names[person] ?? person, conversation: conversation.title, url: folder + "index.html",
                kindLabel: kindLabel, messageCount: tally.count, first: tally.first, last: tally.last,
                months: tally.months.keys.sorted().map { PersonPart.MonthCount(month: $0, count: tally.months[$0]!) },
                media: entries(tally.media, .media), mediaCount: tally.mediaCount,
                files: entries(tally.files, .files), fileCount: tally.fileCount,
                links: Array(entries(tally.links, .links).prefix(shown)), linkCount: tally.linkCount)
        }
    }
}
