import TranscriptModel
import TranscriptTemplates

/// What a message merged from several exports shows of its history (see `MessageHistory`): the texts earlier
/// exports had before it was edited, and the line saying that a later export no longer has it.
public final class MessageHistoryView: TemplateObject, TemplateModel {
    /// One earlier text, with the date of the export that showed it.
    public final class EarlierVersion: TemplateObject, TemplateModel {
        public let text: String
        /// "in the export of 12 May 2024"
        public let export: TimeLabel

        public init(text: String, export: TimeLabel) {
            self.text = text
            self.export = export
        }

        public enum TemplateKey: String, CaseIterable, Sendable {
            case text, export
        }

        public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

        public func templateValue(_ key: TemplateKey) -> TemplateValue? {
            switch key {
            case .text: .text(text)
            case .export: .object(export)
            }
        }
    }

    /// The earlier texts, oldest first.
    public let earlierVersions: [EarlierVersion]
    /// The sentence saying which later export no longer has the message; nil when every export covering its
    /// date has it.
    public let missingFrom: String?

    public init(earlierVersions: [EarlierVersion], missingFrom: String?) {
        self.earlierVersions = earlierVersions
        self.missingFrom = missingFrom
    }

    public enum TemplateKey: String, CaseIterable, Sendable {
        case earlierVersions, hasEarlierVersions, missingFrom
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .earlierVersions: .list(earlierVersions)
        case .hasEarlierVersions: .flag(!earlierVersions.isEmpty)
        case .missingFrom: missingFrom.templateValue
        }
    }
}
