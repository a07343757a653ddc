import Foundation
import TranscriptModel
import TranscriptSupport

/// The `search:` block of `transcripts.yml`: whether the site gets a search index and which conversations
/// stay out of it.
///
/// ```yaml
/// search:
///   enabled: true        # the default
///   exclude: [secrets]   # conversation ids left out of the index (and without a find bar)
/// ```
public struct SearchSettings: Sendable, Equatable, Decodable {
    /// Whether `search/`, `search.html` and the find bars are written.
    public var enabled: Bool
    /// Ids of conversations left out of the index.
    public var exclude: [String]

    public init(enabled: Bool = true, exclude: [String] = []) {
        self.enabled = enabled
        self.exclude = exclude
    }

    /// Whether the conversation with this id is indexed.
    public func indexes(conversation id: String) -> Bool {
        enabled && !exclude.contains(id)
    }

    package enum CodingKeys: String, CodingKey, CaseIterable { case enabled, exclude }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        if let single = try? container.decodeIfPresent(String.self, forKey: .exclude) {
            exclude = [single]
        } else {
            exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? []
        }
    }
}
