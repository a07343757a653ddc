/// How pages, feeds, snippets and search name what a message holds besides its text: each kind's label
/// ("Photo"), and readable durations, sizes and file names. (TranscriptRender adds `details(for:)`, the
/// labelled block of fields for a kind without a richer rendering.)
package enum MessageDetails {
    /// The kind's name for people, such as "Photo" or "Voice message".
    package static func label(for kind: MessageKind) -> String {
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

    /// The kind's name for people in the words of `strings` (`kindPhoto`, …).
    package static func label(for kind: MessageKind, strings: StringTable) -> String {
        switch kind {
        case .text, .markdown: strings.text("kindMessage")
        case .photo: strings.text("kindPhoto")
        case .video: strings.text("kindVideo")
        case .audio: strings.text("kindAudio")
        case .voice: strings.text("kindVoice")
        case .file: strings.text("kindFile")
        case .sticker: strings.text("kindSticker")
        case .location: strings.text("kindLocation")
        case .contact: strings.text("kindContact")
        case .poll: strings.text("kindPoll")
        case .linkPreview: strings.text("kindLink")
        case .system: strings.text("kindEvent")
        case .custom(let content): strings.text("kindCustom", ["kind": content.kind])
        case .unsupported(let content): strings.text("kindUnsupported", ["type": content.type])
        }
    }

    /// The last part of a path, with `/` or `\` between parts: `photos/IMG_1.jpg` → `IMG_1.jpg`.
    package static func fileName(of path: String) -> String {
        lastPart(of: path, backslashes: true) ?? path
    }

    /// The last part of `path` between slashes (and backslashes, when `backslashes`), nil when it has none: what
    /// `split` on those characters gives last. An ASCII path is read by bytes, in place (through `utf8` each byte
    /// cost about thirty instructions); beyond ASCII, a slash followed by a combining mark is one character and
    /// no separator, so such a path is read by characters.
    package static func lastPart(of path: String, backslashes: Bool) -> String? {
        var path = path
        let ascii = path.withUTF8 { bytes -> String?? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            func isSeparator(_ byte: UInt8) -> Bool {
                byte == UInt8(ascii: "/") || (backslashes && byte == UInt8(ascii: "\\"))
            }
            var end = bytes.count
            while end > 0, isSeparator(bytes[end - 1]) { end -= 1 }
            guard end > 0 else { return .some(nil) }
            var start = end
            while start > 0, !isSeparator(bytes[start - 1]) { start -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        if let ascii { return ascii }
        return path.split(whereSeparator: { $0 == "/" || (backslashes && $0 == "\\") }).last.map(String.init)
    }

    /// `0:07`, `3:25`, `1:02:03`.
    package static func formatDuration(_ seconds: Double) -> String {
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
    package static func formatByteCount(_ bytes: Int, strings: StringTable? = nil) -> String {
        if bytes < 1000 {
            if let strings { return strings.plural("byteCount", count: bytes) }
            return bytes == 1 ? "1 byte" : "\(bytes) bytes"
        }
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
