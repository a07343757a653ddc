import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSearch
import TranscriptSupport
import TranscriptTemplates

/// The template that draws a message's kind (`Templates/messages/KIND.mustache`), and what it shows: values
/// taken from the message and from the site's copies of its files. Template keys per kind:
/// - photo, sticker: `url`, `width`, `height`, `alt`, `emoji`, `missing`
/// - video: `url`, `poster`, `width`, `height`, `duration`, `missing`
/// - audio, voice: `url`, `label`, `duration`, `missing`
/// - file: `url`, `name`, `type`, `size`, `missing`
/// - location: `name`, `address`, `coordinates`, `mapURL`
/// - contact: `name`, `phones` and `emails` (each `value`, and `href` when it makes a safe link)
/// - poll: `question`, `options` (`text`, `votes`, `votesText`, `total`, `voters`), `totalText`, `multipleChoice`, `closed`
/// - linkPreview: `url`, `href` (the url when it is a safe web address), `title`, `description`, `siteName`, `image`
/// - custom: the payload's own keys, except strings with a `javascript:`, `vbscript:`, `data:` or `file:`
///   scheme (and `details` as for unsupported)
/// - unsupported: the message's `details`
enum KindTemplate {
    /// The template for a kind: `messages/KIND`, and for a custom kind the site's `messages/KIND` when it has
    /// one, else `messages/custom`.
    package static func name(for kind: MessageKind, available: Set<String>) -> String {
        switch kind {
        case .text, .markdown, .system: return "messages/text"
        case .custom(let content):
            let own = "messages/" + content.kind
            return available.contains(own) && !MessageKind.typeNames.contains(content.kind) ? own : "messages/custom"
        default: return "messages/" + kind.typeName
        }
    }

    /// The values of a message's kind for its template; `root` leads from the page to the site's top.
    package static func values(
        for message: Message, media: MessageMedia?, root: String, strings: StringTable = StringTables.english,
        name: (String) -> String
    ) -> TemplateDictionary? {
        var values: [String: TemplateValue] = [:]
        func set(_ key: String, _ text: String?) { if let text, !text.isEmpty { values[key] = .text(text) } }
        func setNumber(_ key: String, _ number: Int?) { if let number { values[key] = .number(number) } }
        func setMedia(_ item: MediaItem) {
            if let file = media?.file {
                set("url", root + file.sitePath)
                setNumber("width", file.width ?? item.width)
                setNumber("height", file.height ?? item.height)
            } else if let problem = media?.problems.first(where: { $0.path == item.file }) {
                // A reason is a strings key (`fileProblemMissing`), or words of its own.
                let reason = strings.entries[problem.reason] != nil ? strings.text(problem.reason) : problem.reason
                set("missing", strings.text("fileProblem", ["file": MessageDetails.fileName(of: problem.path), "reason": reason]))
            } else if item.file == nil {
                set("missing", strings.text("fileMissing"))
            }
            set("name", item.name ?? item.file.map(MessageDetails.fileName(of:)))
            set("type", item.mimeType)
            set("size", item.size.map { MessageDetails.formatByteCount($0, strings: strings) }
                ?? media?.file.map { MessageDetails.formatByteCount($0.size, strings: strings) })
            set("duration", item.duration.map(MessageDetails.formatDuration))
            set("emoji", item.emoji)
        }
        switch message.kind {
        case .text, .markdown, .system, .unsupported:
            return nil
        case .photo(let item), .sticker(let item):
            setMedia(item)
            set("alt", item.caption.map(ShownText.cut) ?? item.emoji ?? strings.text(message.kind.typeName == "photo" ? "kindPhoto" : "kindSticker"))
        case .video(let item):
            setMedia(item)
            if let thumbnail = media?.thumbnail { set("poster", root + thumbnail.sitePath) }
        case .audio(let item), .voice(let item):
            setMedia(item)
            set("label", strings.text(message.kind.typeName == "voice" ? "kindVoice" : "kindAudio"))
        case .file(let item):
            setMedia(item)
            set("name", item.name ?? item.file.map(MessageDetails.fileName(of:)) ?? strings.text("kindFile"))
        case .location(let location):
            set("name", location.name)
            set("address", location.address)
            let latitude = Self.coordinate(location.latitude)
            let longitude = Self.coordinate(location.longitude)
            set("coordinates", "\(latitude), \(longitude)")
            set("mapURL", "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=16/\(latitude)/\(longitude)")
        case .contact(let contact):
            set("name", contact.name)
            values["phones"] = .list(contact.phones.map { phone in
                TemplateDictionary(["value": .text(phone)].merging(SafeURL.tel(phone).map { ["href": .text($0)] } ?? [:]) { a, _ in a })
            })
            values["emails"] = .list(contact.emails.map { email in
                TemplateDictionary(["value": .text(email)].merging(SafeURL.mailto(email).map { ["href": .text($0)] } ?? [:]) { a, _ in a })
            })
        case .poll(let poll):
            set("question", poll.question)
            let total = poll.options.reduce(0) { $0 + $1.votes }
            values["options"] = .list(poll.options.map { option in
                var fields: [String: TemplateValue] = [
                    "text": .text(option.text), "votes": .number(option.votes), "total": .number(max(total, 1)),
                    "votesText": .text(strings.plural("voteCount", count: option.votes)),
                ]
                if !option.voters.isEmpty { fields["voters"] = .text(strings.list(option.voters.map(name))) }
                return TemplateDictionary(fields)
            })
            set("totalText", strings.plural("voteCount", count: total))
            values["multipleChoice"] = .flag(poll.multipleChoice)
            values["closed"] = .flag(poll.closed)
        case .linkPreview(let preview):
            set("url", preview.url)
            set("href", SafeURL.web(preview.url))
            set("title", preview.title)
            set("description", preview.description)
            set("siteName", preview.siteName)
            if let image = media?.file { set("image", root + image.sitePath) }
        case .custom(let content):
            if case .object(let members) = content.payload {
                for (key, value) in members { values[key] = Self.templateValue(value) }
            }
        }
        return TemplateDictionary(values)
    }

    /// A JSON payload as template values: objects become objects, arrays of objects lists.
    static func templateValue(_ json: JSONValue) -> TemplateValue? {
        switch json {
        case .null: return nil
        case .bool(let flag): return .flag(flag)
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? .number(Int(number)) : .text(JSONValue.number(number).displayText)
        case .string(let text):
            // A payload is export data: a custom template may put it in an href, so no value may carry a
            // scheme that runs script or leaves the site.
            return SafeURL.isDangerous(text) ? nil : .text(text)
        case .object(let members): return .object(TemplateDictionary(members.compactMapValues(templateValue)))
        case .array(let elements):
            return .list(elements.map { element in
                if case .object(let members) = element { return TemplateDictionary(members.compactMapValues(templateValue)) }
                return TemplateDictionary(["value": templateValue(element) ?? .text("")])
            })
        }
    }

    /// Up to six decimals, without trailing zeros: about 10 cm.
    static func coordinate(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
