/// What the search index keeps of one message: where its permalink is, who sent it, when, what it holds and
/// the text a result shows.
struct SearchDocument: Sendable, Equatable {
    /// The longest text kept for a result's snippet (and for checking phrases), in characters: most chat
    /// messages are shorter, and a result downloads its document's file.
    static let maximumTextLength = 240

    /// Seconds since 1970 (UTC).
    var seconds: Int64
    /// The sender's display name, when the message has a sender.
    var sender: String?
    /// The page's file name without `.html`, such as `2024-05-2`.
    var page: String
    /// The message's anchor on its page, such as `m-42`.
    var anchor: String
    var kinds: SearchKinds
    /// The message's plain text (cut to `maximumTextLength`), or its kind's label when it has none.
    var text: String
    /// Whether `text` was cut (a phrase beyond the cut cannot be checked, so it is taken as found).
    var isCut = false
}

/// What a message holds, for the search page's "has" filters. Each is also a term of the index.
struct SearchKinds: OptionSet, Sendable, Hashable {
    let rawValue: UInt16

    static let photo = SearchKinds(rawValue: 1 << 0)
    static let video = SearchKinds(rawValue: 1 << 1)
    static let audio = SearchKinds(rawValue: 1 << 2)
    static let file = SearchKinds(rawValue: 1 << 3)
    static let link = SearchKinds(rawValue: 1 << 4)
    static let sticker = SearchKinds(rawValue: 1 << 5)
    static let location = SearchKinds(rawValue: 1 << 6)
    static let poll = SearchKinds(rawValue: 1 << 7)
    static let contact = SearchKinds(rawValue: 1 << 8)
    static let event = SearchKinds(rawValue: 1 << 9)

    /// Every filter, by the name the search page and the index use.
    static let named: [(name: String, kind: SearchKinds)] = [
        ("photo", .photo), ("video", .video), ("audio", .audio), ("file", .file), ("link", .link),
        ("sticker", .sticker), ("location", .location), ("poll", .poll), ("contact", .contact), ("event", .event),
    ]
}

/// The order people are listed in by the search filters: by name, ignoring case, then exactly.
enum PeopleOrder {
    static func sorted(_ names: some Sequence<String>) -> [String] {
        names.map { ($0.lowercased(), $0) }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.1)
    }
}
