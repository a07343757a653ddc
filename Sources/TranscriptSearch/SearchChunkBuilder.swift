import TranscriptModel

/// Makes the search share of a run of messages (a `SearchConversationPart.Chunk`) one message at a time, as
/// `SearchExtractor.extract` would, message by message: the same documents, terms and weights.
///
/// The run's terms are numbered by their bytes as they come (`SearchTermTable`), so a term that occurs
/// again costs one hash and no string; each message's counts are kept by term number, and each distinct term
/// becomes a string once, when the chunk is made.
package struct SearchChunkBuilder {
    private let extractor: SearchExtractor
    private let offset: Int
    private var documents = SearchDocumentList()
    private var table: SearchTermTable
    /// By term number: its postings, the last message that held it, and how often that message holds it.
    private var postings: [[UInt32]] = []
    private var lastMessage: [Int32] = []
    private var counts: [Int32] = []
    /// The current message's distinct terms, by number, in the order they first occur.
    private var messageTerms: [Int] = []

    /// A builder of the chunk whose first message is message `offset` of its conversation; `expected` is
    /// about how many messages it will get.
    package init(extractor: SearchExtractor, offset: Int, expected: Int = 512) {
        self.extractor = extractor
        self.offset = offset
        self.table = SearchTermTable(capacity: max(64, expected * 4))
        documents.reserveCapacity(expected)
    }

    /// Adds the next message; the arguments are those of `SearchExtractor.extract`.
    package mutating func add(
        _ message: Message, plainText: String?, textHasLink: Bool, senderName: String?, page: String, anchor: String
    ) {
        let shown = SearchExtractor.shownText(of: message, plainText: plainText)
        let number = Int32(documents.count)
        var length = 0
        messageTerms.removeAll(keepingCapacity: true)
        extractor.tokenizer.forEachTerm(in: shown) { term in
            length += 1
            let termNumber = table.number(of: term)
            if termNumber == postings.count {
                postings.append([])
                lastMessage.append(-1)
                counts.append(0)
            }
            if lastMessage[termNumber] == number {
                counts[termNumber] += 1
            } else {
                lastMessage[termNumber] = number
                counts[termNumber] = 1
                messageTerms.append(termNumber)
            }
        }
        let position = UInt32(offset + documents.count) << 2
        for termNumber in messageTerms {
            let weight = SearchExtractor.weight(count: Int(counts[termNumber]), length: Double(length))
            postings[termNumber].append(position | weight)
        }
        documents.append(
            extractor.document(
                for: message, shown: shown, textHasLink: textHasLink, senderName: senderName, page: page, anchor: anchor))
    }

    /// The chunk of the messages added.
    package func chunk() -> SearchConversationPart.Chunk {
        var byTerm: [String: [UInt32]] = [:]
        byTerm.reserveCapacity(postings.count)
        for (termNumber, list) in postings.enumerated() { byTerm[table.term(termNumber)] = list }
        return SearchConversationPart.Chunk(offset: offset, documents: documents, postings: byTerm)
    }
}
