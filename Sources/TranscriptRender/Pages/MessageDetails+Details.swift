import TranscriptModel

extension MessageDetails {
    /// The labelled block for a kind, or nil for kinds shown as text.
    package static func details(for kind: MessageKind) -> Details? {
        typealias Field = Details.Field
        var fields: [Field] = []
        func add(_ name: String, _ value: String?) {
            if let value, !value.isEmpty { fields.append(Field(name: name, value: value)) }
        }
        switch kind {
        case .text, .markdown, .system:
            return nil
        case .photo(let media), .video(let media), .audio(let media), .voice(let media), .file(let media),
            .sticker(let media):
            add("Emoji", media.emoji)
            add("File", media.name ?? media.file.map(fileName(of:)) ?? "not included in the export")
            add("Type", media.mimeType)
            if let width = media.width, let height = media.height { add("Size", "\(width) × \(height)") }
            add("Duration", media.duration.map(formatDuration))
            add("Bytes", media.size.map(formatByteCount))
        case .location(let location):
            add("Place", location.name)
            add("Address", location.address)
            add("Coordinates", "\(location.latitude), \(location.longitude)")
        case .contact(let contact):
            add("Name", contact.name)
            add("Phone", contact.phones.joined(separator: ", "))
            add("Email", contact.emails.joined(separator: ", "))
        case .poll(let poll):
            add("Question", poll.question)
            for option in poll.options {
                add(option.text, option.votes == 1 ? "1 vote" : "\(option.votes) votes")
            }
            if poll.closed { add("Status", "closed") }
        case .linkPreview(let preview):
            add("Title", preview.title)
            add("Description", preview.description)
            add("Site", preview.siteName)
            add("Address", preview.url)
        case .custom(let content):
            addJSON(content.payload, into: &fields)
        case .unsupported(let content):
            addJSON(content.raw, into: &fields)
        }
        return Details(label: label(for: kind), fields: fields)
    }

    private static func addJSON(_ value: JSONValue, into fields: inout [Details.Field]) {
        if case .object(let members) = value {
            for key in members.keys.sorted() {
                fields.append(Details.Field(name: key, value: members[key]!.displayText))
            }
        } else {
            fields.append(Details.Field(name: "Value", value: value.displayText))
        }
    }
}
