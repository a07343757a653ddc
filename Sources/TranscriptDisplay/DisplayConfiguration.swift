import Foundation

/// The site's settings that display decisions read: who the archive's owner is, where times are shown, and
/// the `display`, `conversations` and `rules` blocks of `transcripts.yml` (a site's `SiteConfiguration`
/// gives them as its `displayConfiguration`).
public struct DisplayConfiguration: Sendable, Equatable {
    /// The participant ids of the archive's owner: their messages are outgoing.
    public var me: [String]
    /// The time zone in which times are shown.
    public var timeZone: TimeZone
    /// The locale that formats dates and times.
    public var locale: Locale
    /// A date header is shown before a message when more than this many seconds passed since the previous one.
    public var dateHeaderInterval: TimeInterval
    /// How messages look on the whole site.
    public var display: DisplaySettings
    /// Display settings for single conversations, by conversation id.
    public var conversations: [String: DisplaySettings]
    /// Display settings for the messages that match, applied in order after the others.
    public var rules: [DisplayRule]
    /// Whether the pages are written right to left (outgoing messages on the left, tails mirrored).
    public var isRightToLeft: Bool

    public init(
        me: [String] = [], timeZone: TimeZone = TimeZone(identifier: "UTC")!, locale: Locale = Locale(identifier: "en_US"),
        dateHeaderInterval: TimeInterval = 3600, display: DisplaySettings = DisplaySettings(),
        conversations: [String: DisplaySettings] = [:], rules: [DisplayRule] = [], isRightToLeft: Bool = false
    ) {
        self.me = me
        self.timeZone = timeZone
        self.locale = locale
        self.dateHeaderInterval = dateHeaderInterval
        self.display = display
        self.conversations = conversations
        self.rules = rules
        self.isRightToLeft = isRightToLeft
    }
}
