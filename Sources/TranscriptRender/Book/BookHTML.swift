/// A message's HTML (cmark's) made fit for a book, which holds nothing from outside it: a link keeps its
/// address only when it is a web or mail address (a relative one would lead outside the book), and a
/// picture from the message's Markdown is shown as its description (the book has no copy of it).
package enum BookHTML {
    package static func clean(_ html: String) -> String {
        guard html.contains("<a href=\"") || html.contains("<img ") else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count)
        var rest = html[...]
        while let tag = rest.range(of: "<") {
            result += rest[..<tag.lowerBound]
            rest = rest[tag.lowerBound...]
            if rest.hasPrefix("<a href=\""), let end = rest.dropFirst(9).firstIndex(of: "\"") {
                let address = rest[rest.index(rest.startIndex, offsetBy: 9)..<end]
                if isKept(address) {
                    result += rest[...end]
                } else {
                    result += "<a"
                }
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("<img "), let end = rest.range(of: "/>") {
                let tagText = rest[..<end.upperBound]
                if let alt = tagText.range(of: " alt=\""), let close = tagText[alt.upperBound...].firstIndex(of: "\"") {
                    result += tagText[alt.upperBound..<close]
                }
                rest = rest[end.upperBound...]
            } else {
                result += "<"
                rest = rest.dropFirst()
            }
        }
        result += rest
        return result
    }

    /// Whether a link's address (as written in the HTML) leads to the web or to mail.
    static func isKept(_ address: Substring) -> Bool {
        let lowered = address.prefix(8).lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://") || lowered.hasPrefix("mailto:")
    }
}
