/// The index page: every conversation with a summary.
public struct IndexPage: Sendable, TemplateModel {
    public var site: SiteContext
    public var description: String?
    public var conversations: [ConversationSummary]
    public var hasConversations: Bool

    package init(site: SiteContext, description: String? = nil, conversations: [ConversationSummary], hasConversations: Bool) {
        self.site = site
        self.description = description
        self.conversations = conversations
        self.hasConversations = hasConversations
    }

    public static let templateKeys: TemplateKeys<IndexPage> = [
        "site": { .model($0.site) },
        "description": { $0.description.templateValue },
        "conversations": { .models($0.conversations) },
        "hasConversations": { .flag($0.hasConversations) },
    ]
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

    public static let templateKeys: TemplateKeys<ConversationSummary> = [
        "title": { .text($0.title) },
        "url": { .text($0.url) },
        "kindLabel": { .text($0.kindLabel) },
        "participantNames": { .text($0.participantNames) },
        "participantCount": { .number($0.participantCount) },
        "messageCount": { .number($0.messageCount) },
        "messageCountText": { .text($0.messageCountText) },
        "firstDate": { $0.firstDate.templateValue },
        "firstISO": { $0.firstISO.templateValue },
        "lastDate": { $0.lastDate.templateValue },
        "lastISO": { $0.lastISO.templateValue },
        "lastMessage": { $0.lastMessage.modelValue },
    ]
}

/// The newest message of a conversation, as a short line of text.
public struct LastMessage: Sendable, Codable, Equatable, TemplateModel {
    public var senderName: String?
    public var snippet: String

    public static let templateKeys: TemplateKeys<LastMessage> = [
        "senderName": { $0.senderName.templateValue },
        "snippet": { .text($0.snippet) },
    ]
}
