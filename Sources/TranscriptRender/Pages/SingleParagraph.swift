/// The inside of HTML that is one paragraph and nothing else, as cmark writes a one-paragraph text
/// (`<p>…</p>` and a line break).
enum SingleParagraph {
    /// What lies between `<p>` and `</p>` when `html` is a single paragraph; nil when it is anything else (two
    /// paragraphs, a list, a quote, code).
    static func inside(_ html: String) -> String? {
        guard html.hasPrefix("<p>"), html.hasSuffix("</p>\n") else { return nil }
        let inner = html.dropFirst(3).dropLast(5)
        // Any other block comes after a `</p>` (and text holds none: cmark escapes raw HTML).
        return inner.contains("</p>") ? nil : String(inner)
    }
}
