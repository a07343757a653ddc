/// One conversation's share of the search index, in the conversation's own message order: made while its
/// pages are rendered, handed to `SearchIndexBuilder` when the conversation is done.
struct SearchConversationPart: Sendable {
    var title: String
    /// The conversation's folder in the site, such as `c/family/`.
    var url: String
    /// One document per message, in the order of the pages.
    var documents: [SearchDocument] = []
    /// Each term's postings: a message's position in `documents` shifted left by two, with the term's weight
    /// (0 to 3) in the low bits; ascending.
    var postings: [String: [UInt32]] = [:]
    /// Each page's file name (without `.html`) and the position of its first message.
    var pages: [(file: String, first: Int)] = []

    init(title: String, url: String) {
        self.title = title
        self.url = url
    }

    /// Adds the documents of the next messages (a chunk of a page) and their postings.
    mutating func append(_ extracted: [(document: SearchDocument, postings: [SearchExtractor.Posting])]) {
        postings.reserveCapacity(postings.count + extracted.count)
        for (document, terms) in extracted {
            let position = UInt32(documents.count) << 2
            documents.append(document)
            for term in terms {
                postings[term.term, default: []].append(position | term.weight)
            }
        }
    }
}
