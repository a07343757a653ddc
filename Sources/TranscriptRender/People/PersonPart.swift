import TranscriptModel

/// One conversation's part of a person's page (`people/<person>/`): what the person wrote there, counted
/// when the conversation is rendered and kept in its cache record, so that a person's page is made from the
/// parts of every conversation, rendered now or taken over.
package struct PersonPart: Codable, Sendable, Equatable {
    /// The person's id (their folder) and name.
    package var person: String
    package var name: String
    /// The conversation's title, overview page (relative to the site's root) and kind.
    package var conversation: String
    package var url: String
    package var kindLabel: String
    /// The app the conversation is from ("WhatsApp"), as the site names its format.
    package var app: String = ""
    package var messageCount: Int
    /// The first and last of the person's messages here, in seconds since 1970.
    package var first: Double?
    package var last: Double?
    /// The person's messages per month (year × 12 + month − 1), by month, in order.
    package var months: [MonthCount]
    /// The newest photos and videos, files and links the person sent here (at most `shownPerConversation` each),
    /// newest first, with every one counted.
    package var media: [DatedEntry]
    package var mediaCount: Int
    package var files: [DatedEntry]
    package var fileCount: Int
    package var links: [DatedEntry]
    package var linkCount: Int

    /// How many photos, files and links of one conversation a person's part keeps.
    package static let shownPerConversation = 24

    package struct MonthCount: Codable, Sendable, Equatable {
        package var month: Int
        package var count: Int
    }

    /// A gallery entry with the time of its message, so that entries of several conversations can be put in order.
    package struct DatedEntry: Codable, Sendable, Equatable {
        package var entry: GalleryEntry
        package var seconds: Double
    }
}
