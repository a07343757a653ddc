/// What the search index keeps of one message: where its permalink is, who sent it, when, what it holds and
/// the text a result shows.
package struct SearchDocument: Sendable, Equatable {
    /// The longest text kept for a result's snippet (and for checking phrases), in characters: most chat
    /// messages are shorter, and a result downloads its document's file.
    static let maximumTextLength = 240

    /// Seconds since 1970 (UTC).
    package var seconds: Int64
    /// The sender's display name, when the message has a sender.
    package var sender: String?
    /// The page's file name without `.html`, such as `2024-05-2`.
    package var page: String
    /// The message's anchor on its page, such as `m-42`.
    package var anchor: String
    package var kinds: SearchKinds
    /// The message's plain text (cut to `maximumTextLength`), or its kind's label when it has none.
    package var text: String
    /// Whether `text` was cut (a phrase beyond the cut cannot be checked, so it is taken as found).
    package var isCut = false

    package init(seconds: Int64, sender: String? = nil, page: String, anchor: String, kinds: SearchKinds, text: String, isCut: Bool = false) {
        self.seconds = seconds
        self.sender = sender
        self.page = page
        self.anchor = anchor
        self.kinds = kinds
        self.text = text
        self.isCut = isCut
    }
}

/// What a message holds, for the search page's "has" filters. Each is also a term of the index.
package struct SearchKinds: OptionSet, Sendable, Hashable {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    package static let photo = SearchKinds(rawValue: 1 << 0)
    package static let video = SearchKinds(rawValue: 1 << 1)
    package static let audio = SearchKinds(rawValue: 1 << 2)
    package static let file = SearchKinds(rawValue: 1 << 3)
    package static let link = SearchKinds(rawValue: 1 << 4)
    package static let sticker = SearchKinds(rawValue: 1 << 5)
    package static let location = SearchKinds(rawValue: 1 << 6)
    package static let poll = SearchKinds(rawValue: 1 << 7)
    package static let contact = SearchKinds(rawValue: 1 << 8)
    package static let event = SearchKinds(rawValue: 1 << 9)

    /// Every filter, by the name the search page and the index use.
    package static let named: [(name: String, kind: SearchKinds)] = [
        ("photo", .photo), ("video", .video), ("audio", .audio), ("file", .file), ("link", .link),
        ("sticker", .sticker), ("location", .location), ("poll", .poll), ("contact", .contact), ("event", .event),
    ]
}

/// The order people are listed in by the search filters: by name, ignoring case, then exactly.
package enum PeopleOrder {
    package static func sorted(_ names: some Sequence<String>) -> [String] {
        names.map { ($0.lowercased(), $0) }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.1)
    }
}
