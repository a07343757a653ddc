/// One month of a book (`book/chapter`): its heading and its messages, drawn by `book/message` and the
/// `book/messages/KIND` templates.
public struct BookChapter: Sendable, TemplateModel {
    public var document: BookDocument
    /// The month, such as `May 2024` (with its part when a long month is split).
    public var heading: String
    /// The messages' rows, as the site's pages have them (same anchors, replies, reactions).
    public var messages: [MessageRowObject]

    public init(document: BookDocument, heading: String, messages: [MessageRowObject]) {
        self.document = document
        self.heading = heading
        self.messages = messages
    }

    public enum TemplateKey: String, CaseIterable, Sendable {
        case document, heading, messages
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .document: .model(document)
        case .heading: .text(heading)
        case .messages: .list(messages)
        }
    }
}
