import TranscriptModel

/// How a book's months are split into documents: a document per page of the site (a month, or a part of a long
/// one), and a page whose document would be larger than reading systems take well in parts of about
/// `budget` bytes, estimated from its messages before anything is rendered (so that every link between
/// documents is known when the rows are made).
struct BookParts: Sendable {
    struct Part: Sendable {
        /// The document's name (`2024-05.xhtml`, a further part `2024-05-part2.xhtml`), its heading, its
        /// section's id, its year, and its messages.
        var file: String
        var label: String
        var sectionID: String
        var year: Int
        var range: Range<Int>
    }

    let parts: [Part]

    /// The part of each message and its document, found from `parts`.
    var documents: MessagePageFiles { MessagePageFiles(parts.lazy.map { ($0.file, $0.range) }) }

    /// About how many bytes a document holds at most; no document reaches 2 MB, the most EPUBCheck and
    /// reading systems are at ease with.
    static let budget = 1_500_000

    init(frame: ConversationFrame, budget: Int = Self.budget) {
        var parts: [Part] = []
        for (number, page) in frame.plan.pages.enumerated() {
            let base = page.file.hasSuffix(".html") ? String(page.file.dropLast(5)) : page.file
            var pieces: [Range<Int>] = []
            var start = page.range.lowerBound
            var size = 0
            frame.messages.withUnsafeBufferPointer { messages in
                for index in page.range {
                    let estimate = Self.estimate(messages[index])
                    if size + estimate > budget, index > start {
                        pieces.append(start..<index)
                        start = index
                        size = 0
                    }
                    size += estimate
                }
            }
            pieces.append(start..<page.range.upperBound)
            for (position, range) in pieces.enumerated() {
                let suffix = position == 0 ? "" : "-part\(position + 1)"
                parts.append(Part(
                    file: base + suffix + ".xhtml",
                    label: frame.labels[number] + (pieces.count > 1 ? " (\(position + 1)/\(pieces.count))" : ""),
                    sectionID: "month-" + base + suffix, year: page.year, range: range))
            }
        }
        self.parts = parts
    }

    /// A generous guess at a message's bytes in a document: its markup, its text escaped, its reactions.
    static func estimate(_ message: Message) -> Int {
        let text = ConversationRenderer.text(of: message.kind).map { $0.source.utf8.count } ?? 200
        return 600 + text * 3 / 2 + message.reactions.count * 200
    }
}
