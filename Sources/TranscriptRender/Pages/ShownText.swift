/// A text shown in a place that holds a few words (an image's `alt`, a person's name beside every message): at
/// most `limit` characters, cut with "…". A caption or a name of 100,000 letters, laid out again for every
/// image and message, took Chromium seconds; a message's own text and caption are shown whole.
enum ShownText {
    static let limit = 200

    static func cut(_ text: String) -> String {
        guard text.utf8.count > limit else { return text }
        var end = text.startIndex
        var count = 0
        while end < text.endIndex, count < limit {
            text.formIndex(after: &end)
            count += 1
        }
        return end == text.endIndex ? text : text[..<end] + "…"
    }
}
