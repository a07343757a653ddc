import TranscriptJSON
import TranscriptSupport

/// What an archive made of several exports of one conversation knows of a message beyond any one export: the
/// texts earlier exports showed before it was edited, and the later exports that no longer have it.
public struct MessageHistory: Codable, Sendable, Equatable, JSONMappable {
    /// The message's earlier texts, oldest first: what earlier exports showed before it was edited.
    public var earlierVersions: [EarlierVersion]
    /// The exports that cover the message's date but no longer have it (deleted after an earlier export),
    /// each named by the time of its newest message.
    public var missingFrom: [Timestamp]

    public init(earlierVersions: [EarlierVersion] = [], missingFrom: [Timestamp] = []) {
        self.earlierVersions = earlierVersions
        self.missingFrom = missingFrom
    }

    /// Whether there is nothing to tell.
    public var isEmpty: Bool { earlierVersions.isEmpty && missingFrom.isEmpty }

    /// One earlier text of a message and the export that showed it.
    public struct EarlierVersion: Codable, Sendable, Equatable, JSONMappable {
        /// The text as that export showed it.
        public var text: String
        /// The export that showed it, named by the time of its newest message.
        public var export: Timestamp

        public init(text: String, export: Timestamp) {
            self.text = text
            self.export = export
        }

        package static let keys: Set<String> = ["text", "export"]

        package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
            let object = try JSONObject(json, path: path, context: context)
            try object.rejectUnknownKeys(Self.keys)
            self.init(text: try object.string("text"), export: try object.mapped("export"))
        }

        public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
    }

    package static let keys: Set<String> = ["earlierVersions", "missingFrom"]

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        let object = try JSONObject(json, path: path, context: context)
        try object.rejectUnknownKeys(Self.keys)
        self.init(
            earlierVersions: try object.list("earlierVersions", of: EarlierVersion.self) ?? [],
            missingFrom: try object.list("missingFrom", of: Timestamp.self) ?? [])
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }

    private enum CodingKeys: String, CodingKey {
        case earlierVersions, missingFrom
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !earlierVersions.isEmpty { try container.encode(earlierVersions, forKey: .earlierVersions) }
        if !missingFrom.isEmpty { try container.encode(missingFrom, forKey: .missingFrom) }
    }
}
