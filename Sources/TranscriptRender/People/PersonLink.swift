import TranscriptModel
import TranscriptTemplates

/// A link to a person's page (`people/<person>/index.html`) from one of their conversations' pages, with the
/// separator that follows it in a list (none after the last).
public struct PersonLink: Sendable, Equatable, TemplateModel {
    public var name: String
    /// The person's page, relative to the page that links it.
    public var url: String
    public var separator: String

    /// The links to the pages of the people among `participants` (each person once, in the participants' order),
    /// from a page `root` below the site's top folder.
    static func links(to participants: [Participant], root: String, separator: String) -> [PersonLink] {
        var seen = Set<String>()
        var links: [PersonLink] = []
        for participant in participants {
            guard let person = participant.person, seen.insert(person).inserted else { continue }
            links.append(PersonLink(name: ShownText.cut(participant.name), url: root + "people/" + person + "/index.html", separator: separator))
        }
        if !links.isEmpty { links[links.count - 1].separator = "" }
        return links
    }
}
