import Foundation
import TranscriptModel
import TranscriptSupport

/// The config's `merge:` block: which conversations of the exports are one, where the importers' ids say
/// otherwise (see docs/archive.md). Conversations of the same id are merged without it; this block joins
/// conversations of different ids (a renamed group) and keeps apart those of one id that are not one.
///
/// ```yaml
/// merge:
///   join:
///     - into: Family Group              # the id the merged conversation takes
///       ids: ["Family 👪", "Familie"]    # the ids the exports give it
///   separate:
///     - input: exports/old-phone        # an input (file or folder) of the config, or a path under one
///       id: Family Group                # the id its exports give the conversation
///       into: Family Group (old phone)  # the id it takes instead
/// ```
// generate: Decodable
public struct MergeSettings: Sendable, Equatable, Decodable {
    /// Conversations of several ids that are one.
    // decode: decodeJoin
    public var join: [MergeJoin] = []
    /// Conversations that an input's exports give an id another conversation has.
    public var separate: [MergeSeparation] = []

    /// Reads the block's keys, as declared above (`init(keysFrom:)` is written by the TemplateKeys plugin).
    public init(from decoder: any Decoder) throws {
        try self.init(keysFrom: decoder)
    }

    /// Whether the block changes any id.
    public var isEmpty: Bool { join.isEmpty && separate.isEmpty }

    /// The id a conversation of `id`, read from the export at `origin`, takes in a site in `site`.
    public func id(for id: String, exportAt origin: URL, site: URL) -> String {
        let path = origin.standardizedFileURL.path
        for entry in separate where entry.id == id {
            let input = (entry.input.hasPrefix("/") ? URL(fileURLWithPath: entry.input) : site.appendingPathComponent(entry.input))
                .standardizedFileURL.path
            if path == input || path.hasPrefix(input.hasSuffix("/") ? input : input + "/") { return entry.into }
        }
        for entry in join where entry.ids.contains(id) { return entry.into }
        return id
    }
}

extension KeyedDecodingContainer<MergeSettings.CodingKeys> {
    /// The entries, no id joined into two conversations.
    func decodeJoin(forKey key: Key) throws -> [MergeJoin]? {
        guard let join = try decodeIfPresent([MergeJoin].self, forKey: key) else { return nil }
        var joined: [String: String] = [:]
        for (index, entry) in join.enumerated() {
            for id in entry.ids {
                if let other = joined[id], other != entry.into {
                    throw DecodingError.dataCorrupted(DecodingError.Context(
                        codingPath: codingPath + [key, AnyCodingKey(intValue: index)],
                        debugDescription: "the id \"\(id)\" is joined into both \"\(other)\" and \"\(entry.into)\""))
                }
                joined[id] = entry.into
            }
        }
        return join
    }
}

/// Conversations of several ids that are one (`merge.join`).
public struct MergeJoin: Sendable, Equatable, Decodable {
    /// The id the merged conversation takes.
    public var into: String
    /// The ids the exports give it.
    public var ids: [String]

    public init(into: String, ids: [String]) {
        self.into = into
        self.ids = ids
    }

    // Its keys are required, which a generated `init(keysFrom:)` does not read, so they are decoded here.
    enum CodingKeys: String, CodingKey, CaseIterable { case into, ids }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        into = try container.decode(String.self, forKey: .into)
        ids = try container.decode([String].self, forKey: .ids)
    }
}

/// A conversation that an input's exports give an id another conversation has (`merge.separate`).
public struct MergeSeparation: Sendable, Equatable, Decodable {
    /// An input of the config (file or folder), or a path under one.
    public var input: String
    /// The id its exports give the conversation.
    public var id: String
    /// The id it takes instead.
    public var into: String

    public init(input: String, id: String, into: String) {
        self.input = input
        self.id = id
        self.into = into
    }

    // Its keys are required, which a generated `init(keysFrom:)` does not read, so they are decoded here.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case input, id, into
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        input = try container.decode(String.self, forKey: .input)
        id = try container.decode(String.self, forKey: .id)
        into = try container.decode(String.self, forKey: .into)
    }
}
