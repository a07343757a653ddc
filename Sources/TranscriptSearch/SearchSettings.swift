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
// generate: Decodable
public struct SearchSettings: Sendable, Equatable, Decodable {
    /// Whether `search/`, `search.html` and the find bars are written.
    public var enabled: Bool = true
    /// Ids of conversations left out of the index.
    // decode: decodeOneOrMany
    public var exclude: [String] = []

    /// Reads the block's keys, as declared above (`init(keysFrom:)` is written by the TemplateKeys plugin).
    public init(from decoder: any Decoder) throws {
        try self.init(keysFrom: decoder)
    }

    /// Whether the conversation with this id is indexed.
    public func indexes(conversation id: String) -> Bool {
        enabled && !exclude.contains(id)
    }
}
