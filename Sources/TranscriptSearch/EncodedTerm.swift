extension SearchIndexBuilder {
    /// A term's postings as the index writes them: inline when short; else its newest `tailSize` in its entry
    /// (what a query for the newest matches reads first) and the rest in blocks of `blockSize`, oldest first.
    struct EncodedTerm: Sendable {
        struct Block: Sendable {
            package var text: String
            package var first: Int
            package var last: Int
            package var count: Int
        }

        package var term: String
        package var count: Int
        package var inline: String?
        package var blocks: [Block] = []
        /// The newest postings of a term with blocks.
        package var tail: String?

        init(term: String, postings: [UInt32], weighted: Bool) {
            self.term = term
            count = postings.count
            let documentOf: (UInt32) -> Int = weighted ? { Int($0 >> 2) } : { Int($0) }
            if postings.count <= SearchIndexBuilder.tailSize {
                inline = PostingCoder.encode(ascending: postings.lazy.map { Int($0) })
                return
            }
            if postings.count <= SearchIndexBuilder.blockSize {
                let text = PostingCoder.encode(ascending: postings.lazy.map { Int($0) })
                if text.utf8.count <= SearchIndexBuilder.inlineLimit {
                    inline = text
                    return
                }
            }
            let tailStart = postings.count - SearchIndexBuilder.tailSize
            tail = PostingCoder.encode(ascending: postings[tailStart...].lazy.map { Int($0) })
            for start in stride(from: 0, to: tailStart, by: SearchIndexBuilder.blockSize) {
                let block = postings[start..<min(start + SearchIndexBuilder.blockSize, tailStart)]
                blocks.append(Block(
                    text: PostingCoder.encode(ascending: block.lazy.map { Int($0) }),
                    first: documentOf(block.first!), last: documentOf(block.last!), count: block.count))
            }
        }
    }
}
