import TranscriptTemplates

/// A conversation's month page (`MonthPagesProducer`). `messagesHTML` holds the messages rendered one by one
/// with the `message` template, so put it in the page with triple braces: `{{{messagesHTML}}}`.
public struct ConversationPage: Sendable, TemplateModel, MessageListModel {
    public var site: SiteContext
    public var title: String
    public var kind: String
    public var kindLabel: String
    public var participantNames: String
    public var messageCount: Int
    public var messageCountText: String
    public var firstDate: String?
    public var lastDate: String?
    /// Which part of the conversation the page holds, such as `May 2024`.
    public var pageLabel: String
    public var pageMessageCount: Int
    /// The pages before and after this one, and the conversation's overview (relative addresses).
    public var previous: PageLink?
    public var next: PageLink?
    /// Whether there is a previous or a next page.
    public var hasNeighbours: Bool
    public var overviewURL: String
    public var messagesHTML: String
    /// The conversation's Atom feed (relative), when feeds are on.
    public var feedURL: String?
    /// The find bar, when the conversation is in the search index.
    public var findBar: FindBar?
    /// Links to the pages of the people among the participants (see docs/people.md).
    public var people: [PersonLink] = []
    /// The look class of the list of messages (that of the page's first incoming message): its rows inherit its
    /// colours and lengths and leave it out (`ownLookClass`).
    public var listLookClass: String?
    /// Whether the list keeps room for an avatar beside its incoming rows (`with-avatars`), as its first incoming
    /// message does: rows that differ say so (`avatarSpaceClass`).
    public var listReservesAvatarSpace: Bool = false
    /// Whether the page links to any person.
    // template: key
    var hasPeople: Bool { !people.isEmpty }
}

/// The find bar docked at the bottom of a conversation page (MessageKit's `MessageInputBar`): a left stack
/// with the sender filter, the query field, and a right stack with previous, next and the match count.
public struct FindBar: Sendable, TemplateModel {
    /// The conversation's number in the search index.
    public var conversation: Int
    /// The names of the conversation's senders, for the sender filter.
    public var senders: [String]
    public var showsLeftStack: Bool
    public var showsRightStack: Bool
    /// The bar's CSS declarations from `findBar:` (only validated lengths), empty when none are set.
    public var barStyle: String
    public var fieldStyle: String
    public var leftStackStyle: String
    public var rightStackStyle: String
    public var hasStyle: Bool

    init(settings: FindBarSettings, conversation: Int, senders: [String]) {
        self.conversation = conversation
        self.senders = senders
        showsLeftStack = !FindBarSettings.hides(settings.leftStackWidth)
        showsRightStack = !FindBarSettings.hides(settings.rightStackWidth)
        barStyle = settings.padding.map { "padding: \($0.css);" } ?? ""
        fieldStyle = settings.textViewPadding.map { "padding: \($0.css);" } ?? ""
        leftStackStyle = settings.leftStackWidth.map { "width: \($0.css);" } ?? ""
        rightStackStyle = settings.rightStackWidth.map { "width: \($0.css);" } ?? ""
        hasStyle = !(barStyle + fieldStyle + leftStackStyle + rightStackStyle).isEmpty
    }
}

/// A link to a page of a conversation.
public struct PageLink: Sendable, TemplateModel {
    public var url: String
    public var title: String
    /// How many messages the page holds, as text.
    public var count: String?
    /// The page it starts on, in a printed book's contents.
    public var page: String?

    public init(url: String, title: String, count: String? = nil, page: String? = nil) {
        self.url = url
        self.title = title
        self.count = count
        self.page = page
    }
}
