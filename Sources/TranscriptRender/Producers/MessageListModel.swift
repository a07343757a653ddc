import TranscriptTemplates

/// The model of a page that shows message rows (`ProducedMessagePage`): the renderer sets these values, once its
/// rows are rendered, before the page's template reads them.
public protocol MessageListModel: TemplateModel {
    /// The rows, which the template shows once with triple braces: `{{{messagesHTML}}}`. (The renderer sets a
    /// marker, and writes the rows in its place: they are never copied into one string.)
    var messagesHTML: String { get set }
    /// The look class of the list of rows (`ListDefaults.look`, that of its first incoming message): its rows
    /// inherit its colours and lengths and leave it out.
    var listLookClass: String? { get set }
    /// Whether the list keeps room for an avatar beside its incoming rows (`with-avatars`), as its first incoming
    /// message does: rows that differ say so.
    var listReservesAvatarSpace: Bool { get set }
}
