import TranscriptTemplates

/// What the templates show for a sender's avatar: the export's picture, or initials on a colour derived from
/// the sender (the same in every build).
public final class AvatarView: TemplateObject, TemplateModel {
    /// The picture's address relative to the page, when the export has one.
    public let image: String?
    /// One or two letters of the sender's name.
    public let initials: String
    /// One of eight colours (0–7) for the initials' background.
    public let color: Int

    public init(image: String?, initials: String, color: Int) {
        self.image = image
        self.initials = initials
        self.color = color
    }

    /// The first letters of the first and last words of a name: "Alice Weber" → "AW", "李雷" → "李".
    package static func initials(of name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "_" })
            .filter { $0.first.map { $0.isLetter || $0.isNumber } ?? false }
        guard let first = words.first?.first else { return name.first.map { String($0) } ?? "?" }
        if words.count > 1, let last = words.last?.first, first.isASCII || first.isCased {
            return (String(first) + String(last)).uppercased()
        }
        return String(first).uppercased()
    }
}

extension Character {
    var isCased: Bool { String(self).lowercased() != String(self).uppercased() }
}
