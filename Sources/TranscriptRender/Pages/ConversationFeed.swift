import TranscriptTemplates

/// A conversation's Atom feed (`c/<id>/feed.xml`): its newest messages, newest first, rendered by the `feed`
/// template. Links are relative to the feed's own address (the conversation's folder), so the feed works from
/// any host and path the site is published at.
public struct ConversationFeed: Sendable, TemplateModel {
    /// A stable id for the feed: `urn:transcripts:` and the conversation id, percent-encoded.
    public var id: String
    public var title: String
    public var subtitle: String
    /// The date of the newest message, ISO 8601; the feed's `updated` (the clock is never read).
    public var updated: String
    /// The conversation's overview page, relative to the feed.
    public var overviewURL: String
    public var entries: [FeedEntry]
}

/// One message in a feed.
public struct FeedEntry: Sendable, TemplateModel {
    public var id: String
    /// The sender's name and a snippet of the text, as plain text.
    public var title: String
    /// The message's permalink, relative to the feed: `2024-05.html#m-42`.
    public var url: String
    public var published: String
    /// The time of the last edit, else the sent time.
    public var updated: String
    public var authorName: String?
    /// The message's HTML as cmark wrote it (the template escapes it into the feed), or nil for kinds with no
    /// text; then `summary` describes the message.
    public var bodyHTML: String?
    public var summary: String
}

extension ConversationFeed {
    /// Text as XML 1.0 allows it: control characters other than tab, line feed and carriage return (which an
    /// export may hold, and which would make the whole feed unreadable) are dropped. The template escapes the rest.
    static func xmlText(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isAllowed($0) }) else { return text }
        var cleaned = String.UnicodeScalarView()
        cleaned.append(contentsOf: text.unicodeScalars.filter(isAllowed))
        return String(cleaned)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0..<0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// A `urn:` id built from the given parts, each percent-encoded so any id is a valid IRI.
    static func urn(_ parts: [String]) -> String {
        "urn:transcripts:" + parts.map { part in
            var encoded = ""
            for byte in part.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                    encoded.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    let hex = String(byte, radix: 16, uppercase: true)
                    encoded += "%" + (hex.count == 1 ? "0" : "") + hex
                }
            }
            return encoded
        }.joined(separator: ":")
    }
}
