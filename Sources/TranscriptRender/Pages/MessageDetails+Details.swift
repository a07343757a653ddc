import TranscriptJSON
import TranscriptModel
import TranscriptTemplates

extension MessageDetails {
    /// The labelled block for a kind, or nil for kinds shown as text.
    package static func details(for kind: MessageKind, strings: StringTable = StringTables.english) -> Details? {
        typealias Field = Details.Field
        var fields: [Field] = []
        func add(_ key: String, _ value: String?) {
            if let value, !value.isEmpty { fields.append(Field(name: strings.text(key), value: value)) }
        }
        switch kind {
        case .text, .markdown, .system:
            return nil
        case .photo(let media), .video(let media), .audio(let media), .voice(let media), .file(let media),
            .sticker(let media):
            add("fieldEmoji", media.emoji)
            add("fieldFile", media.name ?? media.file.map(fileName(of:)) ?? strings.text("notIncluded"))
            add("fieldType", media.mimeType)
            if let width = media.width, let height = media.height { add("fieldSize", "\(width) × \(height)") }
            add("fieldDuration", media.duration.map(formatDuration))
            add("fieldBytes", media.size.map { formatByteCount($0, strings: strings) })
        case .location(let location):
            add("fieldPlace", location.name)
            add("fieldAddress", location.address)
            add("fieldCoordinates", "\(location.latitude), \(location.longitude)")
        case .contact(let contact):
            add("fieldName", contact.name)
            add("fieldPhone", contact.phones.joined(separator: ", "))
            add("fieldEmail", contact.emails.joined(separator: ", "))
        case .poll(let poll):
            add("fieldQuestion", poll.question)
            for option in poll.options {
                fields.append(Field(name: option.text, value: strings.plural("voteCount", count: option.votes)))
            }
            if poll.closed { add("fieldStatus", strings.text("pollClosed")) }
        case .linkPreview(let preview):
            add("fieldTitle", preview.title)
            add("fieldDescription", preview.description)
            add("fieldSite", preview.siteName)
            add("fieldAddress", preview.url)
        case .custom(let content):
            addJSON(content.payload, into: &fields, strings: strings)
        case .unsupported(let content):
            addJSON(content.raw, into: &fields, strings: strings)
        }
        return Details(label: label(for: kind, strings: strings), fields: fields)
    }

    private static func addJSON(_ value: JSONValue, into fields: inout [Details.Field], strings: StringTable) {
        if case .object(let members) = value {
            for key in members.keys.sorted() {
                fields.append(Details.Field(name: key, value: members[key]!.displayText))
            }
        } else {
            fields.append(Details.Field(name: strings.text("fieldValue"), value: value.displayText))
        }
    }
}
