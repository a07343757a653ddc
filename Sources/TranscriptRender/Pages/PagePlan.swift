import TranscriptModel

/// How a conversation is split into pages: one page per calendar month (in the site's time zone), a long
/// month in parts of at most `pageSize` messages. A message's page never changes when newer messages are
/// added: months only follow each other (a message dated earlier than the one before it stays on that
/// one's page, so the file's order is kept), and parts fill up in order.
struct PagePlan: Sendable {
    struct Page: Sendable {
        /// The page's file name in the conversation's folder: `2024-05.html`, `2024-05-2.html`.
        package var file: String
        /// The month, such as `May 2024`, and the part (1 for the first or only one).
        var monthTitle: String
        package var part: Int
        package var year: Int
        package var range: Range<Int>
    }

    package let pages: [Page]

    /// The page of each message and its file, found from `pages`.
    var pageFiles: MessagePageFiles { MessagePageFiles(pages.lazy.map { ($0.file, $0.range) }) }

    init(messages: [Message], dates: DateTexts, pageSize: Int) {
        var pages: [Page] = []
        var currentMonth = Int.min
        var start = 0
        var part = 1
        func close(_ end: Int) {
            guard end > start else { return }
            let year = currentMonth / 12
            let month = currentMonth % 12 + 1
            let key = String(year) + "-" + (month < 10 ? "0" : "") + String(month)
            pages.append(Page(
                file: key + (part > 1 ? "-\(part)" : "") + ".html", monthTitle: dates.month(year: year, month: month),
                part: part, year: year, range: start..<end))
        }
        for index in messages.indices {
            // By index: a message copied out of the array would retain every field it holds.
            let local = CivilTime(secondsSince1970: dates.localSeconds(messages[index].date))
            let month = max(currentMonth, local.year * 12 + local.month - 1)
            if month != currentMonth {
                close(index)
                currentMonth = month
                start = index
                part = 1
            } else if index - start >= pageSize {
                close(index)
                start = index
                part += 1
            }
        }
        close(messages.count)
        self.pages = pages
    }
}
