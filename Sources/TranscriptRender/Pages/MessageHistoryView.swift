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
    }

    /// The earlier texts, oldest first.
    public let earlierVersions: [EarlierVersion]
    /// Whether there are earlier texts.
    // template: key
    var hasEarlierVersions: Bool { !earlierVersions.isEmpty }
    /// The sentence saying which later export no longer has the message; nil when every export covering its
    /// date has it.
    public let missingFrom: String?

    public init(earlierVersions: [EarlierVersion], missingFrom: String?) {
        self.earlierVersions = earlierVersions
        self.missingFrom = missingFrom
    }
}
