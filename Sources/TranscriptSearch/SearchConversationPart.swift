/// One conversation's share of the search index, in the conversation's own message order: made while its
/// pages are rendered, handed to `SearchIndexBuilder` when the conversation is done.
package struct SearchConversationPart: Sendable {
    package var title: String
    /// The conversation's folder in the site, such as `c/family/`.
    package var url: String
    /// One document per message, in the order of the pages.
    package var documents = SearchDocumentList()
    /// Each term's postings: a message's position in `documents` shifted left by two, with the term's weight
    /// (0 to 3) in the low bits; ascending.
    package var postings = SearchPostings()
    /// Each page's file name (without `.html`) and the position of its first message.
    package var pages: [(file: String, first: Int)] = []

    package init(title: String, url: String) {
        self.title = title
        self.url = url
    }

    /// The postings of a run of messages that starts at message `offset`, made apart (on any core) and added
    /// with `append(_:)` in order.
    package struct Chunk: Sendable {
        /// The position of its first message in the conversation.
        package var offset: Int
        package var documents = SearchDocumentList()
        package var postings: [String: [UInt32]] = [:]

        /// Adds the chunk of the messages right after this one's.
        package mutating func append(_ next: Chunk) {
            precondition(next.offset == offset + documents.count, "chunks are joined in order, without gaps")
            documents.append(contentsOf: next.documents)
            for (term, list) in next.postings { postings[term, default: []] += list }
        }

        package init(offset: Int, documents: SearchDocumentList, postings: [String: [UInt32]]) {
            self.offset = offset
            self.documents = documents
            self.postings = postings
        }

        package init(offset: Int, _ extracted: [(document: SearchDocument, postings: [SearchExtractor.Posting])]) {
            self.offset = offset
            documents.reserveCapacity(extracted.count)
            for (number, (document, terms)) in extracted.enumerated() {
                let position = UInt32(offset + number) << 2
                documents.append(document)
                for term in terms {
                    postings[term.term, default: []].append(position | term.weight)
                }
            }
        }
    }

    /// What a rendering takes over from a previous part: the documents at the positions `isTaken` marks (as
    /// many as the conversation has messages now), and the postings of those messages.
    package struct TakenDocuments {
        package var previous: SearchDocumentList
        package var isTaken: [Bool]
        package var postings: [String: [UInt32]]

        package init(previous: SearchDocumentList, isTaken: [Bool], postings: [String: [UInt32]]) {
            self.previous = previous
            self.isTaken = isTaken
            self.postings = postings
        }
    }

    /// Fills the part from the chunks of the messages rendered now (in order) and what `taken` holds of a
    /// previous part: `count` documents in all. The chunks are used up. A clean rendering gives one chunk of
    /// every message (`renderPages` joins them as it goes), which becomes the part as it is.
    ///
    /// With `joined`, the chunks' postings were joined there as they came (`SearchPostingShards`), and the chunks
    /// hold only documents; the part must have no postings yet, and nothing is taken over.
    package mutating func assemble(
        count: Int, chunks: inout [Chunk], taken: consuming TakenDocuments?, joined: SearchPostingShards? = nil
    ) {
        defer { chunks = [] }
        if let joined {
            precondition(taken == nil && postings.isEmpty, "postings joined in shards make a part of their own")
            for index in chunks.indices { documents.append(contentsOf: chunks[index].documents) }
            postings = joined.takePostings()
            return
        }
        guard var taken else {
            var lists = postings.dictionary
            for index in chunks.indices {
                documents.append(contentsOf: chunks[index].documents)
                // Taken out of the chunk, so that the lists have one owner and are let go as they are frozen.
                let run = chunks[index].postings
                chunks[index] = Chunk(offset: chunks[index].offset, documents: SearchDocumentList(), postings: [:])
                if lists.isEmpty {
                    lists = run
                } else {
                    for (term, list) in run { lists[term, default: []] += list }
                }
            }
            postings = SearchPostings(consume lists)
            return
        }
        var lists = taken.postings
        taken.postings = [:]
        var mixed = Set<String>()
        for chunk in chunks {
            for (term, list) in chunk.postings {
                if lists[term] != nil { mixed.insert(term) }
                lists[term, default: []] += list
            }
        }
        for term in mixed { lists[term]!.sort() }
        postings = SearchPostings(consume lists)
        // Each position from the previous part or from the chunk that holds it (the chunks are in order).
        var assembled = SearchDocumentList()
        assembled.reserveCapacity(count)
        var chunk = 0
        for position in 0..<count {
            if taken.isTaken[position] {
                assembled.append(taken.previous, at: position)
                continue
            }
            while position >= chunks[chunk].offset + chunks[chunk].documents.count { chunk += 1 }
            assembled.append(chunks[chunk].documents, at: position - chunks[chunk].offset)
        }
        documents = assembled
    }

    /// Moves the part's documents and postings out of memory into files of its own in `folder` (see
    /// `SearchDocumentList.moveOut(to:)` and `SearchPostings.moveOut(to:)`): a finished part waits there for the
    /// index, which hands back the pages it reads, so that the parts of a site's conversations do not add up in
    /// memory.
    package mutating func moveOut(to folder: String) throws {
        try documents.moveOut(to: folder)
        try postings.moveOut(to: folder)
    }

    /// Adds the next messages' documents and postings.
    package mutating func append(_ chunk: Chunk) {
        var chunks = [chunk]
        assemble(count: documents.count + chunk.documents.count, chunks: &chunks, taken: nil)
    }
}
