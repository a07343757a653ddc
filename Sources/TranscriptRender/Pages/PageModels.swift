/// The values every page template can use, about the site and the page's place in it.
///
/// Template keys: `siteTitle`, `pageTitle`, `lang`, `dir`, `root` (the relative path from the page to the site's
/// top folder, such as `../../`, so a site works from any path prefix and from disk).
public struct SiteContext: Sendable, TemplateModel {
    public var siteTitle: String
    public var pageTitle: String
    public var lang: String
    /// `ltr` or `rtl`, from the language.
    public var dir: String
    public var root: String
    /// Whether the site has a search page (`search.html`), linked from every page's header.
    public var hasSearch: Bool

    public init(siteTitle: String, pageTitle: String, lang: String, dir: String = "ltr", root: String, hasSearch: Bool = false) {
        self.hasSearch = hasSearch
        self.siteTitle = siteTitle
        self.pageTitle = pageTitle
        self.lang = lang
        self.dir = dir
        self.root = root
    }

    public static let templateKeys: TemplateKeys<SiteContext> = [
        "siteTitle": { .text($0.siteTitle) },
        "pageTitle": { .text($0.pageTitle) },
        "lang": { .text($0.lang) },
        "dir": { .text($0.dir) },
        "root": { .text($0.root) },
        "hasSearch": { .flag($0.hasSearch) },
    ]
}

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
        "site": { .object($0.site) },
        "description": { $0.description.templateValue },
        "conversations": { .list($0.conversations) },
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
        "lastMessage": { $0.lastMessage.templateValue },
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

/// A conversation's page. `messagesHTML` holds the messages rendered one by one with the `message`
/// template, so put it in the page with triple braces: `{{{messagesHTML}}}`.
public struct ConversationPage: Sendable, TemplateModel {
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
    /// The looks of the page's messages, for its `<style>`: `className`, `light` and `dark` CSS properties.
    public var looks: [AppearanceRule]
    public var messagesHTML: String
    /// The conversation's Atom feed (relative), when feeds are on.
    public var feedURL: String?
    /// The find bar, when the conversation is in the search index.
    public var findBar: FindBar?

    public static let templateKeys: TemplateKeys<ConversationPage> = [
        "site": { .object($0.site) },
        "title": { .text($0.title) },
        "kind": { .text($0.kind) },
        "kindLabel": { .text($0.kindLabel) },
        "participantNames": { .text($0.participantNames) },
        "messageCount": { .number($0.messageCount) },
        "messageCountText": { .text($0.messageCountText) },
        "firstDate": { $0.firstDate.templateValue },
        "lastDate": { $0.lastDate.templateValue },
        "pageLabel": { .text($0.pageLabel) },
        "pageMessageCount": { .number($0.pageMessageCount) },
        "previous": { $0.previous.templateValue },
        "next": { $0.next.templateValue },
        "hasNeighbours": { .flag($0.hasNeighbours) },
        "overviewURL": { .text($0.overviewURL) },
        "looks": { .list($0.looks) },
        "messagesHTML": { .text($0.messagesHTML) },
        "feedURL": { $0.feedURL.templateValue },
        "findBar": { $0.findBar.templateValue },
    ]
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

    public static let templateKeys: TemplateKeys<FindBar> = [
        "conversation": { .number($0.conversation) },
        "senders": { .list($0.senders) },
        "showsLeftStack": { .flag($0.showsLeftStack) },
        "showsRightStack": { .flag($0.showsRightStack) },
        "barStyle": { .text($0.barStyle) },
        "fieldStyle": { .text($0.fieldStyle) },
        "leftStackStyle": { .text($0.leftStackStyle) },
        "rightStackStyle": { .text($0.rightStackStyle) },
        "hasStyle": { .flag($0.hasStyle) },
    ]
}

/// A link to a page of a conversation.
public struct PageLink: Sendable, TemplateModel {
    public var url: String
    public var title: String
    /// How many messages the page holds, as text.
    public var count: String?

    public init(url: String, title: String, count: String? = nil) {
        self.url = url
        self.title = title
        self.count = count
    }

    public static let templateKeys: TemplateKeys<PageLink> = [
        "url": { .text($0.url) },
        "title": { .text($0.title) },
        "count": { $0.count.templateValue },
    ]
}

/// The pages of one year, for a conversation's timeline.
public struct YearLinks: Sendable, TemplateModel {
    public var year: String
    public var pages: [PageLink]

    public static let templateKeys: TemplateKeys<YearLinks> = [
        "year": { .text($0.year) },
        "pages": { .list($0.pages) },
    ]
}

/// A conversation's overview (`c/<id>/index.html`): its timeline of months, each linking to its page.
public struct ConversationOverview: Sendable, TemplateModel {
    public var site: SiteContext
    public var title: String
    public var kindLabel: String
    public var participantNames: String
    public var messageCountText: String
    public var firstDate: String?
    public var lastDate: String?
    public var years: [YearLinks]
    /// The newest page.
    public var latest: PageLink?
    /// The conversation's Atom feed (relative), when feeds are on.
    public var feedURL: String?

    public static let templateKeys: TemplateKeys<ConversationOverview> = [
        "site": { .object($0.site) },
        "title": { .text($0.title) },
        "kindLabel": { .text($0.kindLabel) },
        "participantNames": { .text($0.participantNames) },
        "messageCountText": { .text($0.messageCountText) },
        "firstDate": { $0.firstDate.templateValue },
        "lastDate": { $0.lastDate.templateValue },
        "years": { .list($0.years) },
        "latest": { $0.latest.templateValue },
        "feedURL": { $0.feedURL.templateValue },
    ]
}

/// The search page, `search.html`: the form and the results are made by `assets/search.js` from the index.
public struct SearchPage: Sendable, TemplateModel {
    public var site: SiteContext

    package init(site: SiteContext) {
        self.site = site
    }

    public static let templateKeys: TemplateKeys<SearchPage> = [
        "site": { .object($0.site) },
    ]
}
