import TranscriptModel

/// Turns messages into search documents and their terms: the plain text cmark made, plus what a message's
/// kind carries in fields (file names, link titles, poll options, places, contacts).
package struct SearchExtractor: Sendable {
    let tokenizer = SearchTokenizer()
    /// The words of the site's language, for the label of a message that has no text of its own ("Foto" for a
    /// photo on a German site); English without them.
    let strings: StringTable?

    package init(strings: StringTable? = nil) {
        self.strings = strings
    }

    /// A term of one document with its weight (0 to 3), a quantized BM25 factor of how often the term occurs
    /// and how long the message is.
    package struct Posting: Sendable {
        package var term: String
        var weight: UInt32
    }

    /// The document and its distinct terms, weighted. (`SearchChunkBuilder` does the same for a run of
    /// messages at a time.)
    package func extract(
        _ message: Message, plainText: String?, textHasLink: Bool, senderName: String?, page: String, anchor: String
    ) -> (document: SearchDocument, postings: [Posting]) {
        let shown = Self.shownText(of: message, plainText: plainText)
        let terms = tokenizer.terms(shown)
        let length = Double(terms.count)
        let postings = Self.counted(terms).map { term, count in
            Posting(term: term, weight: Self.weight(count: count, length: length))
        }
        return (
            document(for: message, shown: shown, textHasLink: textHasLink, senderName: senderName, page: page, anchor: anchor),
            postings
        )
    }

    /// What a message shows that search finds: the plain text cmark made and the texts the kind holds in
    /// fields, a line each.
    static func shownText(of message: Message, plainText: String?) -> String {
        let fields = fieldTexts(of: message.kind)
        // Most messages are text alone: that text itself, not a copy joined from a list of one.
        guard !fields.isEmpty else { return plainText ?? "" }
        var parts: [String] = []
        if let plainText, !plainText.isEmpty { parts.append(plainText) }
        parts += fields
        return parts.joined(separator: "\n")
    }

    /// The search document of a message that shows `shown`.
    func document(
        for message: Message, shown: String, textHasLink: Bool, senderName: String?, page: String, anchor: String
    ) -> SearchDocument {
        // A text of no more bytes than the limit has no more characters either: it is kept whole without
        // counting its characters (which takes grapheme breaking).
        let isShort = shown.utf8.count <= SearchDocument.maximumTextLength
        let text = shown.isEmpty ? label(for: message.kind) : isShort ? shown : Self.start(of: shown)
        // The text is the start of `shown`: it was cut when it has fewer bytes.
        let isCut = !shown.isEmpty && text.utf8.count < shown.utf8.count
        return SearchDocument(
            seconds: Int64(message.date.secondsSince1970.rounded(.down)), sender: senderName, page: page,
            anchor: anchor, kinds: Self.kinds(of: message, textHasLink: textHasLink), text: text, isCut: isCut)
    }

    /// The first `SearchDocument.maximumTextLength` characters of a longer text. When those bytes and the one after
    /// them are ASCII without a CR LF (one character of two bytes), each byte is a character and they are the start:
    /// taken without grapheme breaking, which is slow for the long texts of most messages.
    static func start(of text: String) -> String {
        let length = SearchDocument.maximumTextLength
        var text = text
        // The bytes read in place: through `utf8` is many times slower.
        let start = text.withUTF8 { bytes -> String? in
            guard bytes.count > length else { return nil }
            var previous: UInt8 = 0
            for byte in bytes[..<(length + 1)] {
                if byte >= 0x80 || (previous == 0x0D && byte == 0x0A) { return nil }
                previous = byte
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)
        }
        return start ?? String(text.prefix(length))
    }

    /// The kind's name, shown as a result's text when the message has none.
    func label(for kind: MessageKind) -> String {
        strings.map { MessageDetails.label(for: kind, strings: $0) } ?? MessageDetails.label(for: kind)
    }

    /// Each distinct term with how often it occurs, in the order the terms first occur. A message has few
    /// distinct terms: looking each up in the short list is cheaper than hashing or sorting them (most terms
    /// are small strings, compared in one step).
    package static func counted(_ terms: [String]) -> [(term: String, count: Int)] {
        var counted: [(term: String, count: Int)] = []
        counted.reserveCapacity(min(terms.count, 64))
        guard terms.count > 64 else {
            for term in terms {
                if let index = counted.firstIndex(where: { $0.term == term }) {
                    counted[index].count += 1
                } else {
                    counted.append((term, 1))
                }
            }
            return counted
        }
        var positions: [String: Int] = [:]
        for term in terms {
            if let index = positions[term] {
                counted[index].count += 1
            } else {
                positions[term] = counted.count
                counted.append((term, 1))
            }
        }
        return counted
    }

    /// BM25's term factor, tf·(k1+1) / (tf + k1·(1 − b + b·length/averageLength)) with k1 = 1.2, b = 0.75 and
    /// the typical chat message's 12 terms, in four steps.
    static func weight(count: Int, length: Double) -> UInt32 {
        let k1 = 1.2, b = 0.75, averageLength = 12.0
        let tf = Double(count)
        let factor = tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / averageLength))
        switch factor {
        case ..<0.7: return 0
        case ..<1.0: return 1
        case ..<1.3: return 2
        default: return 3
        }
    }

    /// Text a kind holds in fields of its own (the text and captions come from cmark).
    static func fieldTexts(of kind: MessageKind) -> [String] {
        switch kind {
        case .text, .markdown, .system, .unsupported, .custom:
            return []
        case .photo(let media), .video(let media), .audio(let media), .voice(let media), .file(let media):
            return [media.name ?? media.file.map { MessageDetails.lastPart(of: $0, backslashes: false) ?? "" }].compactMap { $0 }
        case .sticker(let media):
            return [media.emoji].compactMap { $0 }
        case .linkPreview(let preview):
            return [preview.title, preview.description, preview.siteName].compactMap { $0 }
        case .location(let location):
            return [location.name, location.address].compactMap { $0 }
        case .contact(let contact):
            return [contact.name] + contact.phones + contact.emails
        case .poll(let poll):
            return [poll.question] + poll.options.map(\.text)
        }
    }

    /// Whether rendered HTML holds a link (`<a `), looked for in its bytes.
    package static func holdsLink(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            guard bytes.count >= 3 else { return false }
            for index in 0..<(bytes.count - 2) where bytes[index] == UInt8(ascii: "<") {
                if bytes[index + 1] == UInt8(ascii: "a"), bytes[index + 2] == UInt8(ascii: " ") { return true }
            }
            return false
        }
    }

    /// The "has" filters a message matches; `textHasLink` tells whether its rendered text holds a link.
    package static func kinds(of message: Message, textHasLink: Bool) -> SearchKinds {
        var kinds: SearchKinds = []
        switch message.kind {
        case .photo: kinds.insert(.photo)
        case .video: kinds.insert(.video)
        case .audio, .voice: kinds.insert(.audio)
        case .file: kinds.insert(.file)
        case .sticker: kinds.insert(.sticker)
        case .location: kinds.insert(.location)
        case .poll: kinds.insert(.poll)
        case .contact: kinds.insert(.contact)
        case .linkPreview: kinds.insert(.link)
        case .system: kinds.insert(.event)
        case .text, .markdown, .custom, .unsupported: break
        }
        if textHasLink { kinds.insert(.link) }
        return kinds
    }
}
