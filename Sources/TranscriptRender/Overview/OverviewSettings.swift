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
public struct OverviewSettings: Sendable, Equatable {
    /// Whether overview pages show activity charts and statistics.
    public var charts: Bool
    /// Whether conversations get pages of their media, files and links.
    public var gallery: Bool
    /// Settings of single conversations, by id; what one leaves out is the site's.
    public var conversations: [String: Choice]

    /// A conversation's own settings.
    public struct Choice: Sendable, Equatable {
        public var charts: Bool?
        public var gallery: Bool?

        public init(charts: Bool? = nil, gallery: Bool? = nil) {
            self.charts = charts
            self.gallery = gallery
        }
    }

    public init(charts: Bool = true, gallery: Bool = true, conversations: [String: Choice] = [:]) {
        self.charts = charts
        self.gallery = gallery
        self.conversations = conversations
    }

    /// Whether the conversation with this id shows charts.
    public func charts(for id: String) -> Bool { conversations[id]?.charts ?? charts }

    /// Whether the conversation with this id gets gallery pages.
    public func gallery(for id: String) -> Bool { conversations[id]?.gallery ?? gallery }
}

extension OverviewSettings: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case charts, gallery, conversations
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        charts = try container.decodeIfPresent(Bool.self, forKey: .charts) ?? true
        gallery = try container.decodeIfPresent(Bool.self, forKey: .gallery) ?? true
        conversations = try container.decodeIfPresent([String: Choice].self, forKey: .conversations) ?? [:]
    }
}

extension OverviewSettings.Choice: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case charts, gallery
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        charts = try container.decodeIfPresent(Bool.self, forKey: .charts)
        gallery = try container.decodeIfPresent(Bool.self, forKey: .gallery)
    }
}
