import TranscriptModel
import TranscriptSupport

/// The config's `overview:` block: what a conversation's overview page (`c/<id>/index.html`) shows besides its
/// months, for the whole site and for single conversations (by id).
///
/// ```yaml
/// overview:
///   charts: true        # activity by month (and year), by weekday and hour, by person; statistics
///   gallery: true       # pages of the conversation's photos and videos, files and links
///   conversations:
///     big-channel: {gallery: false}
/// ```
// generate: Decodable
public struct OverviewSettings: Sendable, Equatable, Decodable {
    /// Whether overview pages show activity charts and statistics.
    public var charts: Bool = true
    /// Whether conversations get pages of their media, files and links.
    public var gallery: Bool = true
    /// Settings of single conversations, by id; what one leaves out is the site's.
    public var conversations: [String: Choice] = [:]

    /// A conversation's own settings.
    // generate: Decodable
    public struct Choice: Sendable, Equatable, Decodable {
        /// Whether its overview page shows charts; the site's choice when nil.
        public var charts: Bool?
        /// Whether it gets gallery pages; the site's choice when nil.
        public var gallery: Bool?

        /// Reads the conversation's keys, as declared above (`init(keysFrom:)` is written by the TemplateKeys plugin).
        public init(from decoder: any Decoder) throws {
            try self.init(keysFrom: decoder)
        }
    }

    /// Reads the block's keys, as declared above (`init(keysFrom:)` is written by the TemplateKeys plugin).
    public init(from decoder: any Decoder) throws {
        try self.init(keysFrom: decoder)
    }

    /// Whether the conversation with this id shows charts.
    public func charts(for id: String) -> Bool { conversations[id]?.charts ?? charts }

    /// Whether the conversation with this id gets gallery pages.
    public func gallery(for id: String) -> Bool { conversations[id]?.gallery ?? gallery }
}
