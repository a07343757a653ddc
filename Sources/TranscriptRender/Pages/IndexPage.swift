import TranscriptTemplates

/// The index page: every conversation with a summary.
public struct IndexPage: Sendable, TemplateModel {
    public var site: SiteContext
    public var description: String?
    public var conversations: [ConversationSummary]
    public var hasConversations: Bool
    /// The people page (`people/index.html`), when the site has one.
    public var peopleURL: String?

    package init(
        site: SiteContext, description: String? = nil, conversations: [ConversationSummary], hasConversations: Bool,
        peopleURL: String? = nil
    ) {
        self.peopleURL = peopleURL
        self.site = site
        self.description = description
        self.conversations = conversations
        self.hasConversations = hasConversations
    }
}

/// One conversation on the index page.
public struct ConversationSummary: Sendable, Codable, Equatable, TemplateModel {
    public var title: String
    /// The conversation page, relative to the site's top folder.
    public var url: String
    public var kindLabel: String
    public var participantNames: String
    public var participantCount: Int
    public var messageCount: Int
    public var messageCountText: String
    public var firstDate: String?
    public var firstISO: String?
    public var lastDate: String?
    public var lastISO: String?
    public var lastMessage: LastMessage?

    package init(
        title: String, url: String, kindLabel: String, participantNames: String, participantCount: Int, messageCount: Int,
        messageCountText: String, firstDate: String?, firstISO: String?, lastDate: String?, lastISO: String?, lastMessage: LastMessage?
    ) {
        self.title = title
        self.url = url
        self.kindLabel = kindLabel
        self.participantNames = participantNames
        self.participantCount = participantCount
        self.messageCount = messageCount
        self.messageCountText = messageCountText
        self.firstDate = firstDate
        self.firstISO = firstISO
        self.lastDate = lastDate
        self.lastISO = lastISO
        self.lastMessage = lastMessage
    }
}

/// The newest message of a conversation, as a short line of text.
public struct LastMessage: Sendable, Codable, Equatable, TemplateModel {
    public var senderName: String?
    public var snippet: String

    package init(senderName: String?, snippet: String) {
        self.senderName = senderName
        self.snippet = snippet
    }
}
