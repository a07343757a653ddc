/// The readable labelled block for kinds that have no richer rendering yet, and the label of each kind.
enum MessageDetails {
    /// The kind's name for people, such as "Photo" or "Voice message".
    static func label(for kind: MessageKind) -> String {
        switch kind {
        case .text, .markdown: "Message"
        case .photo: "Photo"
        case .video: "Video"
        case .audio: "Audio"
        case .voice: "Voice message"
        case .file: "File"
        case .sticker: "Sticker"
        case .location: "Location"
        case .contact: "Contact"
        case .poll: "Poll"
        case .linkPreview: "Link"
        case .system: "Event"
        case .custom(let content): "Custom message “\(content.kind)”"
        case .unsupported(let content): "Unsupported message “\(content.type)”"
        }
    }

    /// The labelled block for a kind, or nil for kinds shown as text.
    static func details(for kind: MessageKind) -> Details? {
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

    static func fileName(of path: String) -> String {
        path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? path
    }

    /// `0:07`, `3:25`, `1:02:03`.
    static func formatDuration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let hours = total / 3600
        let minutes = total % 3600 / 60
        let rest = total % 60
        let secondsText = rest < 10 ? "0\(rest)" : "\(rest)"
        if hours > 0 {
            return "\(hours):" + (minutes < 10 ? "0\(minutes)" : "\(minutes)") + ":" + secondsText
        }
        return "\(minutes):" + secondsText
    }

    /// `512 bytes`, `1.5 KB`, `2.3 MB` (powers of 1000, one decimal), the same on every machine.
    static func formatByteCount(_ bytes: Int) -> String {
        if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = -1
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
