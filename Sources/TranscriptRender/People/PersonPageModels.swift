import TranscriptTemplates

/// The people page (`people/index.html`): everyone the site knows, those with the most messages first.
public struct PeopleIndexPage: Sendable, TemplateModel {
    public var site: SiteContext
    public var people: [PersonCard]
}

/// One person on the people page: their name, page and counts (`12 messages · 3 conversations · iMessage, WhatsApp`).
public struct PersonCard: Sendable, TemplateModel {
    public var name: String
    /// The person's page, relative to the people page.
    public var url: String
    public var summary: String
}

/// A person's page (`people/<person>/index.html`): their conversations on every app, their activity over the
/// years, and the newest photos, files and links they sent.
public struct PersonPage: Sendable, TemplateModel {
    public var site: SiteContext
    public var name: String
    public var summary: String
    public var conversations: [PersonConversation]
    /// Whether the person has any conversation.
    // template: key
    var hasConversations: Bool { !conversations.isEmpty }
    public var activity: OverviewActivity?
    public var media: PersonGallery?
    public var files: PersonGallery?
    public var links: PersonGallery?
}

/// One of a person's conversations on their page.
public struct PersonConversation: Sendable, TemplateModel {
    public var title: String
    /// The conversation's overview page, relative to the person's page.
    public var url: String
    /// The app it is from ("WhatsApp").
    public var app: String
    public var kindLabel: String
    /// The person's messages there, as text.
    public var countText: String
    /// The days of the person's first and last message there.
    public var firstDate: String?
    public var lastDate: String?
}

/// A person's photos and videos, files or links on their page: how many there are and the newest of them.
public struct PersonGallery: Sendable, TemplateModel {
    /// `12 photos and videos`.
    public var countText: String
    /// `The newest 48 of 120`, when not all are shown.
    public var newestText: String?
    public var entries: [GalleryEntry]
}
