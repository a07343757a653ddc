import TranscriptSupport

/// The pages of message rows a renderer's producers ask for (`MessagePagesProducer`), in order and checked: no
/// two name one file, and each shows messages of the conversation. Those that are pages of the frame's plan (its
/// file and its messages) are the month pages, whose rows give the search index its documents.
struct MessagePageList {
    var pages: [ProducedMessagePage] = []
    /// For each page, the number of the plan's page it is, or nil.
    var planNumbers: [Int?] = []

    init(asking producers: [any ConversationPageProducer], of conversation: ConversationPages) throws {
        let frame = conversation.frame
        var files = Set<String>()
        for case let producer as any MessagePagesProducer in producers {
            for page in try producer.messagePages(of: conversation) {
                guard files.insert(page.file).inserted else {
                    throw TranscriptsError(
                        file: frame.file, message: "the page producer \"\(producer.name)\" makes \(page.file), which another page of the conversation has")
                }
                guard page.messages.lowerBound >= 0, page.messages.upperBound <= frame.messages.count else {
                    throw TranscriptsError(
                        file: frame.file,
                        message: "the page producer \"\(producer.name)\" shows messages \(page.messages) on \(page.file), but the conversation has \(frame.messages.count)")
                }
                pages.append(page)
            }
        }
        let plan = frame.plan.pages
        let planned = Dictionary(plan.indices.map { (plan[$0].file, $0) }) { first, _ in first }
        planNumbers = pages.map { page in planned[page.file].flatMap { plan[$0].range == page.messages ? $0 : nil } }
    }

    /// The files of the pages.
    var files: Set<String> { Set(pages.map(\.file)) }

    /// A month page of the frame's plan that no page here is, if any: search results would lead nowhere.
    func missingMonthPage(of frame: ConversationFrame) -> String? {
        let shown = Set(planNumbers.compactMap { $0 })
        return frame.plan.pages.indices.first { !shown.contains($0) }.map { frame.plan.pages[$0].file }
    }

    /// Whether the pages other than `skipping` show every page of the plan, in order: their rows then give every
    /// message's search document in order.
    func showsThePlanInOrder(skipping: Set<Int>, of frame: ConversationFrame) -> Bool {
        let numbers = pages.indices.filter { !skipping.contains($0) }.compactMap { planNumbers[$0] }
        return numbers.count == frame.plan.pages.count && numbers.enumerated().allSatisfy { $0.element == $0.offset }
    }
}
