import Foundation
import TranscriptModel
import TranscriptSupport
import Yams

/// One `strings/<name>.yml` file: where it came from and what it says, read into table entries.
///
/// A file is a YAML mapping from keys to texts; a counted phrase maps plural categories to texts:
///
/// ```yaml
/// search: Suche
/// messageCount:
///   one: "{count} Nachricht"
///   other: "{count} Nachrichten"
/// ```
public struct StringFile: Sendable, Equatable {
    /// The file's name without `.yml`: a locale (`de_AT`) or a language (`de`).
    public var name: String
    /// Where it came from, for messages: `built-in strings/de.yml` or the site file's path.
    public var origin: String
    public var contents: String

    public init(name: String, origin: String, contents: String) {
        self.name = name
        self.origin = origin
        self.contents = contents
    }

    /// The entries, and what is wrong with the ones left out (a plural entry's unknown category, a value that is
    /// neither text nor categories). A file that is not a YAML mapping is an error naming the file.
    func entries() throws -> (entries: [String: StringTable.Entry], problems: [String]) {
        let node: Node?
        do {
            // Every value is read as text, so no scalar's type is resolved (the default resolver matches each
            // against regular expressions for numbers, dates and booleans: most of the time the file took).
            node = try Yams.compose(yaml: contents, .basic)
        } catch {
            throw TranscriptsError(file: origin, message: "these strings are not valid YAML: \(error)")
        }
        guard let node else { return ([:], []) }
        guard let mapping = node.mapping else {
            throw TranscriptsError(file: origin, message: "strings must be a mapping of keys to texts (key: text)")
        }
        var entries: [String: StringTable.Entry] = [:]
        var problems: [String] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { continue }
            if let text = value.scalar?.string {
                entries[key] = .text(text)
            } else if let forms = value.mapping {
                var plural: [PluralCategory: String] = [:]
                for (categoryNode, formNode) in forms {
                    guard let name = categoryNode.string, let category = PluralCategory(rawValue: name),
                        let text = formNode.scalar?.string
                    else {
                        problems.append("\"\(key)\": \"\(categoryNode.string ?? "?")\" is not a plural category (zero, one, two, few, many, other) with a text")
                        continue
                    }
                    plural[category] = text
                }
                entries[key] = .plural(plural)
            } else {
                problems.append("\"\(key)\": expected a text, or texts by plural category (one: …, other: …)")
            }
        }
        return (entries, problems)
    }
}
