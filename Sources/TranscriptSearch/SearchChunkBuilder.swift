import TranscriptModel

/// Makes the search share of a run of messages (a `SearchConversationPart.Chunk`) one message at a time, as
/// `SearchExtractor.extract` would, message by message: the same documents, terms and weights.
///
/// The run's terms are numbered by their bytes as they come (`SearchTermTable`), so a term that occurs
/// again costs one hash and no string; each message's counts are kept by term number, and each distinct term
/// becomes a string once, when the chunk is made. The postings are one list of (term number, posting) in the
/// order of the messages, sorted by term only when the chunk is made: no list of its own per term.
package struct SearchChunkBuilder {
    private let extractor: SearchExtractor
    private let offset: Int
    private var documents = SearchDocumentList()
    private var table: SearchTermTable
    /// Each posting with its term's number in the high 32 bits, in the order of the messages.
    private var postings: [UInt64] = []
    /// By term number: the last message that held it, and how often that message holds it.
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
        postings.reserveCapacity(expected * 16)
    }

    /// Adds the next message; the arguments are those of `SearchExtractor.extract`.
    package mutating func add(
        _ message: borrowing Message, plainText: String?, textHasLink: Bool, senderName: String?, page: String, anchor: String
    ) {
        let shown = SearchExtractor.shownText(of: message, plainText: plainText)
        let number = Int32(documents.count)
        var length = 0
        messageTerms.removeAll(keepingCapacity: true)
        extractor.tokenizer.forEachTerm(in: shown) { term in
            length += 1
            let termNumber = table.number(of: term)
            if termNumber == lastMessage.count {
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
            postings.append(UInt64(termNumber) << 32 | UInt64(position | weight))
        }
        documents.append(
            extractor.document(
                for: message, shown: shown, textHasLink: textHasLink, senderName: senderName, page: page, anchor: anchor))
    }

    /// The chunk of the messages added.
    package func chunk() -> SearchConversationPart.Chunk {
        var lists = [[UInt32]](repeating: [], count: lastMessage.count)
        for entry in postings { lists[Int(entry >> 32)].append(UInt32(truncatingIfNeeded: entry)) }
        var byTerm: [String: [UInt32]] = [:]
        byTerm.reserveCapacity(lists.count)
        for (termNumber, list) in lists.enumerated() { byTerm[table.term(termNumber)] = list }
        return SearchConversationPart.Chunk(offset: offset, documents: documents, postings: byTerm)
    }

    /// The chunk of the messages added, without postings, and its postings split into shards, as
    /// `SearchPostingShards.split` would split the chunk's: each shard's terms in the order they first occur, their
    /// postings in one flat list.
    package func splitChunk() -> (chunk: SearchConversationPart.Chunk, split: SearchPostingShards.Split) {
        let termCount = lastMessage.count
        var shardOfTerm = [Int](repeating: 0, count: termCount)
        var postingsOfTerm = [Int](repeating: 0, count: termCount)
        for entry in postings { postingsOfTerm[Int(entry >> 32)] += 1 }
        var runs = [SearchPostingShards.Run](repeating: SearchPostingShards.Run(), count: SearchPostingShards.count)
        // Where each term's postings go in its shard's flat list.
        var next = [Int](repeating: 0, count: termCount)
        for termNumber in 0..<termCount {
            let shard = table.shard(termNumber)
            shardOfTerm[termNumber] = shard
            next[termNumber] = runs[shard].ends.last ?? 0
            runs[shard].terms.append(table.term(termNumber))
            runs[shard].ends.append(next[termNumber] + postingsOfTerm[termNumber])
        }
        var flat = runs.map { [UInt32](repeating: 0, count: $0.ends.last ?? 0) }
        for entry in postings {
            let termNumber = Int(entry >> 32)
            flat[shardOfTerm[termNumber]][next[termNumber]] = UInt32(truncatingIfNeeded: entry)
            next[termNumber] += 1
        }
        for shard in runs.indices { swap(&runs[shard].postings, &flat[shard]) }
        return (
            SearchConversationPart.Chunk(offset: offset, documents: documents, postings: [:]),
            SearchPostingShards.Split(shards: runs)
        )
    }
}
