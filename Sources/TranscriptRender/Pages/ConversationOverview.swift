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

    public enum TemplateKey: String, CaseIterable, Sendable {
        case site, title, kindLabel, participantNames, messageCountText, firstDate, lastDate, years, latest
        case feedURL
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .site: .model(site)
        case .title: .text(title)
        case .kindLabel: .text(kindLabel)
        case .participantNames: .text(participantNames)
        case .messageCountText: .text(messageCountText)
        case .firstDate: firstDate.templateValue
        case .lastDate: lastDate.templateValue
        case .years: .models(years)
        case .latest: latest.modelValue
        case .feedURL: feedURL.templateValue
        }
    }
}

/// The pages of one year, for a conversation's timeline.
public struct YearLinks: Sendable, TemplateModel {
    public var year: String
    public var pages: [PageLink]

    public enum TemplateKey: String, CaseIterable, Sendable {
        case year, pages
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .year: .text(year)
        case .pages: .models(pages)
        }
    }
}
