import TranscriptJSON

extension Message {
    /// The message with every text it shows passed through `change`: the text, a caption, a media item's
    /// shown file name, a location's name and address, a contact, a poll's question and options, a link
    /// preview, an event's text, the strings of a custom or unsupported kind's payload, and the name it was
    /// forwarded from. Ids, dates and file paths are left as they are.
    public func changingTexts(_ change: (String) -> String) -> Message {
        var message = self
        message.forwardedFrom = forwardedFrom.map(change)
        message.history?.earlierVersions = history?.earlierVersions.map { .init(text: change($0.text), export: $0.export) } ?? []
        switch kind {
        case .text(let text): message.kind = .text(change(text))
        case .markdown(let text): message.kind = .markdown(change(text))
        case .photo(let item): message.kind = .photo(item.changingTexts(change))
        case .video(let item): message.kind = .video(item.changingTexts(change))
        case .audio(let item): message.kind = .audio(item.changingTexts(change))
        case .voice(let item): message.kind = .voice(item.changingTexts(change))
        case .file(let item): message.kind = .file(item.changingTexts(change))
        case .sticker(let item): message.kind = .sticker(item.changingTexts(change))
        case .location(var location):
            location.name = location.name.map(change)
            location.address = location.address.map(change)
            message.kind = .location(location)
        case .contact(var contact):
            contact.name = change(contact.name)
            contact.phones = contact.phones.map(change)
            contact.emails = contact.emails.map(change)
            message.kind = .contact(contact)
        case .poll(var poll):
            poll.question = change(poll.question)
            poll.options = poll.options.map { option in
                var option = option
                option.text = change(option.text)
                return option
            }
            message.kind = .poll(poll)
        case .linkPreview(var preview):
            preview.url = change(preview.url)
            preview.text = preview.text.map(change)
            preview.title = preview.title.map(change)
            preview.description = preview.description.map(change)
            preview.siteName = preview.siteName.map(change)
            message.kind = .linkPreview(preview)
        case .system(var event):
            event.text = change(event.text)
            event.title = event.title.map(change)
            event.previous = event.previous.map(change)
            message.kind = .system(event)
        case .custom(var content):
            content.payload = content.payload.changingStrings(change)
            message.kind = .custom(content)
        case .unsupported(var content):
            content.raw = content.raw.changingStrings(change)
            message.kind = .unsupported(content)
        }
        return message
    }
}

extension MediaItem {
    /// The item with its caption and shown file name passed through `change`. When the name shown would
    /// change, it becomes the item's `name` (the path stays: the file is still found by it).
    func changingTexts(_ change: (String) -> String) -> MediaItem {
        var item = self
        item.caption = caption.map(change)
        if let shown = name ?? file.map(MessageDetails.fileName(of:)) {
            let changed = change(shown)
            if changed != shown || name != nil { item.name = changed }
        }
        return item
    }
}

extension JSONValue {
    /// The value with every string in it (keys excepted) passed through `change`.
    public func changingStrings(_ change: (String) -> String) -> JSONValue {
        switch self {
        case .string(let text): .string(change(text))
        case .array(let elements): .array(elements.map { $0.changingStrings(change) })
        case .object(let members): .object(members.mapValues { $0.changingStrings(change) })
        case .null, .bool, .number: self
        }
    }
}
