/// A page of message rows a producer asks for (`MessagePagesProducer`): where it goes, the template that makes it,
/// its model, and the messages whose rows it shows. It counts among the build's pages.
public struct ProducedMessagePage: Sendable {
    /// The file's path in the conversation's folder (`2024-05.html`).
    public var file: String
    /// The template that makes the file, by name (`conversation`, or a template of the site's own); it shows the
    /// rows once, with `{{{messagesHTML}}}`.
    public var template: String
    /// The page's values; the renderer sets its rows and its list's defaults before the template reads it.
    public var model: any MessageListModel
    /// The messages whose rows the page shows, in order: indexes into the conversation's messages.
    public var messages: Range<Int>
    /// A digest of everything the file shows, when the producer can tell: a later build whose page has the same
    /// digest takes the previous build's file over unrendered. Nil: made by every build that renders the
    /// conversation.
    public var digest: String?

    public init(file: String, template: String, model: any MessageListModel, messages: Range<Int>, digest: String? = nil) {
        self.file = file
        self.template = template
        self.model = model
        self.messages = messages
        self.digest = digest
    }
}
