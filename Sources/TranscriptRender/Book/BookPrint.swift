import TranscriptTemplates

/// A book as one page to print (`book/print`), which Chromium makes a PDF of: the title page, the contents,
/// every month on pages of its own (whose running header names the conversation and the month) and the
/// person index, with the book's stylesheet and the print rules (`@page`: paper, margins, headers, page
/// numbers) in the page itself.
public struct BookPrint: Sendable, TemplateModel {
    /// The document's language, direction and title.
    public var document: BookDocument
    public var titlePage: BookTitlePage
    /// The months by year, each linking its section (`#month-2024-05`).
    public var contents: BookNavigation
    public var months: [BookChapter]
    public var people: BookPeople
    /// The book's stylesheet and the print rules, CSS whose strings are escaped already.
    public var stylesheet: String

    public init(
        document: BookDocument, titlePage: BookTitlePage, contents: BookNavigation, months: [BookChapter], people: BookPeople,
        stylesheet: String
    ) {
        self.document = document
        self.titlePage = titlePage
        self.contents = contents
        self.months = months
        self.people = people
        self.stylesheet = stylesheet
    }
}

/// Text as a CSS string (`"…"`) that no character of it can end, nor the `<style>` element around it: every
/// character but letters, digits and spaces of ASCII written as its code (`\3c `).
package enum CSSString {
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == " " {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        return result + "\""
    }
}
