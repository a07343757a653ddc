import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// A message's `components` as DiscordChatExporter writes them (`{type, components}`, and for a button `style`,
/// `label`, `url`, `customId`, `skuId`, `isDisabled`, `emoji`): the buttons' labels, a row per list of buttons,
/// each link button's label linked to its web address. The other types DCE writes (select menus, text inputs,
/// sections, containers, ...) hold nothing more than their type and their own components.
///
/// Nothing is left out silently: a component of a type DCE does not write, one that is not an object, and a
/// field of the wrong type are noted in `problems` (the importer warns of them with the file, line and JSON
/// path), what they held kept in the message's `fields` part, and a number given for a label shown as written.
struct DiscordComponents {
    /// The component types DCE writes (its `MessageComponentType`, by name).
    static let knownTypes: Set<String> = [
        "ActionRow", "Button", "StringSelect", "TextInput", "UserSelect", "RoleSelect", "MentionableSelect", "ChannelSelect",
        "Section", "TextDisplay", "Thumbnail", "MediaGallery", "File", "Separator", "Container", "Label",
    ]

    /// The buttons of `value` (the message's `components`, at `key`): one paragraph per list that holds buttons,
    /// in order; none when no component shows anything.
    static func paragraphs(_ value: JSONValue?, at key: String, problems: inout FieldProblems) -> [DiscordMarkdown.Block] {
        guard case .array(let list)? = value else { return [] }  // Not a list: noted with the message's lists.
        var rows: [[DiscordMarkdown.Inline]] = []
        read(list, at: key, into: &rows, problems: &problems, checked: true)
        return rows.map { .paragraph($0) }
    }

    /// Reads the components of `list` (at `key`), adding a row of its buttons after the rows of their children.
    /// `checked`: the items that are not objects were noted already (`FieldProblems.checkObjects`).
    private static func read(
        _ list: [JSONValue], at key: String, into rows: inout [[DiscordMarkdown.Inline]], problems: inout FieldProblems,
        checked: Bool = false
    ) {
        var row: [DiscordMarkdown.Inline] = []
        for (index, item) in list.enumerated() {
            let itemKey = "\(key)[\(index)]"
            guard case .object(let component) = item else {
                if !checked {
                    problems.wrongType(itemKey, expected: "a component (an object)", found: item, did: "it is left out; \(FieldProblems.keptNote)")
                }
                continue
            }
            switch component["type"] {
            case .string("Button")?:
                if let button = button(component, at: itemKey, problems: &problems) {
                    if !row.isEmpty { row.append(.text(" · ")) }
                    row += button
                }
            case .string(let type)? where knownTypes.contains(type):
                break
            case .string(let type)?:
                problems.note(itemKey, "a component of the type \"\(type)\", which this reader does not know; \(FieldProblems.keptNote)", keeping: item)
            default:
                problems.note(itemKey, "a component without a type (a string); \(FieldProblems.keptNote)", keeping: item)
            }
            switch component["components"] {
            case .array(let children)?: read(children, at: itemKey + ".components", into: &rows, problems: &problems)
            case nil, .null?: break
            case let other?:
                problems.wrongType(itemKey + ".components", expected: "a list", found: other, did: "they are left out; \(FieldProblems.keptNote)")
            }
        }
        if !row.isEmpty { rows.append(row) }
    }

    /// A button: its emoji and label, linked when it has a web `url` (another `url` is shown as text after it);
    /// nil when it shows nothing (a premium button has only its SKU).
    private static func button(
        _ button: [String: JSONValue], at key: String, problems: inout FieldProblems
    ) -> [DiscordMarkdown.Inline]? {
        let label = problems.text(button["label"], at: key + ".label", what: "the label").flatMap { $0.isEmpty ? nil : $0 }
        let urlText = problems.text(button["url"], at: key + ".url", what: "the address").flatMap { $0.isEmpty ? nil : $0 }
        var emoji: String?
        switch button["emoji"] {
        case .object(let object)?:
            let name = DiscordMessages.string(object["name"]).flatMap { $0.isEmpty ? nil : $0 }
            let isCustom = DiscordMessages.identifier(object["id"]).map { $0 != "0" } ?? false
            emoji = name.map { isCustom ? ":\($0):" : $0 }
        case nil, .null?: break
        case let other?:
            problems.wrongType(key + ".emoji", expected: "an object", found: other, did: "it is left out; \(FieldProblems.keptNote)")
        }
        let shown = [emoji, label].compactMap { $0 }.joined(separator: " ")
        let url = urlText.flatMap(SafeURL.web)
        if let url { return [.link(url: url, label: [.text(shown.isEmpty ? url : shown)])] }
        if let urlText { return [.text(shown.isEmpty ? urlText : "\(shown) (\(urlText))")] }
        return shown.isEmpty ? nil : [.text(shown)]
    }
}
