import TranscriptTemplates

/// A book's person index (`book/people`): everyone who wrote, in the site's order of people, with how many
/// messages they wrote and the months they wrote in (each linking to its first message of theirs there).
public struct BookPeople: Sendable, TemplateModel {
    /// The document's language, direction and title.
    public var document: BookDocument
    public var people: [BookPerson]

    public init(document: BookDocument, people: [BookPerson]) {
        self.document = document
        self.people = people
    }
}

/// One person of a book's index.
public struct BookPerson: Sendable, TemplateModel {
    public var name: String
    /// Their avatar's picture (its path in the book), when the export has one.
    public var avatar: String?
    /// How many messages they wrote, as text.
    public var countText: String
    /// The months they wrote in: each a link to their first message of the month.
    public var months: [PageLink]

    public init(name: String, avatar: String? = nil, countText: String, months: [PageLink]) {
        self.name = name
        self.avatar = avatar
        self.countText = countText
        self.months = months
    }
}
