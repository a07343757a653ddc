import TranscriptModel
import TranscriptTemplates

/// What a site page producer knows of the site: its frame, its words and its conversations.
public struct SitePages: Sendable {
    /// The site's frame (title, language, direction, whether it has search), with the site's title as the page's.
    public var site: SiteContext
    /// The config's `description`.
    public var description: String?
    /// Every conversation's line, the most recently active first (as chat apps list them).
    public var conversations: [ConversationSummary]
    /// Whether the site has people pages (`people/index.html`).
    public var hasPeoplePages: Bool
    /// The words of the site's language (`templates/strings.yml` over the built-in ones).
    public var strings: StringTable

    public init(
        site: SiteContext, description: String?, conversations: [ConversationSummary], hasPeoplePages: Bool, strings: StringTable
    ) {
        self.site = site
        self.description = description
        self.conversations = conversations
        self.hasPeoplePages = hasPeoplePages
        self.strings = strings
    }
}
