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
        "site": { .model($0.site) },
        "title": { .text($0.title) },
        "kindLabel": { .text($0.kindLabel) },
        "participantNames": { .text($0.participantNames) },
        "messageCountText": { .text($0.messageCountText) },
        "firstDate": { $0.firstDate.templateValue },
        "lastDate": { $0.lastDate.templateValue },
        "years": { .models($0.years) },
        "latest": { $0.latest.modelValue },
        "feedURL": { $0.feedURL.templateValue },
    ]
}

/// The pages of one year, for a conversation's timeline.
public struct YearLinks: Sendable, TemplateModel {
    public var year: String
    public var pages: [PageLink]

    public static let templateKeys: TemplateKeys<YearLinks> = [
        "year": { .text($0.year) },
        "pages": { .models($0.pages) },
    ]
}
