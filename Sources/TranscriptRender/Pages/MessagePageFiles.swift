/// Which page each message of a conversation lies on, and that page's file: found by a binary search over the
/// pages' first messages, so that a conversation holds a file name and a number per page, not per message (a
/// name per message would take 16 bytes each, 18 MB for a chat of 1.14 million messages).
struct MessagePageFiles: Sendable {
    /// The pages' files, in order.
    let files: [String]
    /// The index of each page's first message, ascending: a page runs to the next one's first message.
    private let starts: [Int]
    /// How many messages the pages hold.
    let messageCount: Int

    /// No pages: every message is on the one page that links to it, by its anchor alone.
    static let none = MessagePageFiles(files: [], starts: [], messageCount: 0)

    /// The pages `pages` names, each by its file and its messages; each page's messages follow the page's before
    /// it, from the first message on.
    init(_ pages: some Sequence<(file: String, range: Range<Int>)>) {
        var files: [String] = []
        var starts: [Int] = []
        var end = 0
        for page in pages {
            precondition(page.range.lowerBound == end, "the pages' messages must follow each other")
            files.append(page.file)
            starts.append(page.range.lowerBound)
            end = page.range.upperBound
        }
        self.init(files: files, starts: starts, messageCount: end)
    }

    private init(files: [String], starts: [Int], messageCount: Int) {
        self.files = files
        self.starts = starts
        self.messageCount = messageCount
    }

    /// The number of the page the message at `index` lies on (one of the pages' messages).
    func page(of index: Int) -> Int {
        precondition(index >= 0 && index < messageCount, "message \(index) is on none of the pages")
        // The last page whose first message is at `index` or before it.
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= index { low = middle } else { high = middle }
        }
        return low
    }

    /// The file of the page the message at `index` lies on.
    subscript(index: Int) -> String { files[page(of: index)] }
}
