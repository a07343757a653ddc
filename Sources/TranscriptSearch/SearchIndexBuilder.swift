import TranscriptModel
import TranscriptSupport

/// Builds the site's search index from the conversations' parts and writes it as script files under
/// `search/`, which the search page and the find bar load by `<script>` (so it works from `file://` too).
///
/// Documents are numbered over the whole site in date order (the conversations merged by date, each
/// keeping its own order), so the newest matches of any term are at the end of its postings. Files:
///
/// - `search/index.js`: the manifest: counts, the conversations, people, kinds, the first document of each
///   month and the first term of each term file.
/// - `search/t/N.js`: terms in sorted order (UTF-16 code units, as scripts compare strings), each with its
///   document count and either its postings or the list of its posting blocks.
/// - `search/p/N.js`: one block of `blockSize` postings of a frequent term.
/// - `search/d/N.js`: `documentChunk(documents:)` documents as columns (`SearchDocumentColumns`: conversations,
///   senders, times, pages, anchors, kinds, cut flags and texts), packed: deflated and in Z85
///   (`SearchIndexFormat.packedDocuments(_:)`).
/// - `search/c/N.js`: a conversation's pages with the number of their first document (for the find bar).
///
/// Filters are terms too, which no text can produce: `~c3` (conversation 3), `~p7` (person 7) and
/// `~kphoto` (kinds); their postings are plain document numbers, without weights.
package struct SearchIndexBuilder {
    /// Changes whenever the files' layout or content rules change (part of the build cache's search key).
    package static let formatVersion = 4
    /// Postings per block of a frequent term.
    static let blockSize = 8192
    /// Postings written inside the term file when their text is at most this long (or when there are at most
    /// `tailSize` of them).
    static let inlineLimit = 600
    /// A term with blocks keeps this many of its newest postings in its entry: the first results of a query
    /// newest first need no block.
    static let tailSize = 256
    /// Documents per document file: 32, or the fewest powers of two more that keep a site's document files at
    /// most `documentFiles` (256 at a million messages), so that a large site stays within what free hosts
    /// take and a small one's queries load small files.
    static func documentChunk(documents: Int) -> Int {
        var chunk = 32
        while (documents + chunk - 1) / chunk > documentFiles { chunk *= 2 }
        return chunk
    }
    /// The most document files a site has, unless it has more than 134 million messages.
    static let documentFiles = 4096
    /// Terms encoded at once: what the index holds of its term files and blocks while it is written, whatever
    /// the site's size.
    static let termBatch = 16_384
    /// Terms encoded on one core at a time. Common words have long lists and sit together (`the`, `that`, `this`,
    /// `to`): in runs of 2,048 terms, the run that held them was left to one core for a tenth of a second at 1M.
    static let encodingChunk = 256
    /// Documents made into files at once (`documentFileBatch(chunk:)` files): what the index holds of its document
    /// files while it is written, whatever the site's size and however many documents a file holds.
    static let documentBatch = 16_384
    /// Document files made at once when each holds `chunk` documents: `documentBatch` documents' worth, at least one.
    static func documentFileBatch(chunk: Int) -> Int { max(1, documentBatch / chunk) }

    package private(set) var parts: [SearchConversationPart] = []

    package init(parts: [SearchConversationPart] = []) {
        self.parts = parts
    }

    /// The digest of each document file's signature: its documents' places and their conversations' keys, and
    /// the people list (which numbers the senders).
    static func documentFileDigests(
        order: [(part: Int32, local: Int32)], partKeys: [String], people: [String]
    ) throws -> [UInt64] {
        var peopleDigest = FastDigest()
        for name in people { peopleDigest.add(name) }
        let peopleValue = peopleDigest.value
        let keys = partKeys.map { key in
            var digest = FastDigest()
            digest.add(key)
            return digest.value
        }
        return try chunkRanges(count: order.count, chunkSize: documentChunk(documents: order.count)).concurrentMap { range in
            var digest = FastDigest()
            digest.add(UInt64(formatVersion))
            digest.add(peopleValue)
            for position in range {
                let entry = order[position]
                digest.add(UInt64(entry.part))
                digest.add(keys[Int(entry.part)])
                digest.add(UInt64(entry.local))
            }
            return digest.value
        }
    }

    /// The first document of each month, in the order of the site's documents (from the page names, which are the
    /// months in the site's time zone): a month is listed where a document of a later month than any before it is.
    static func firstDocumentOfEachMonth(
        order: [(part: Int32, local: Int32)], documentLists: [SearchDocumentList]
    ) -> [(month: String, first: Int)] {
        var months: [(month: String, first: Int)] = []
        var lastMonth = ""
        // The page of the document before: a document on the same page is in a month already seen.
        var lastPage: (part: Int32, number: UInt32)?
        documentLists.withUnsafeBufferPointer { documentLists in
            var released = [Int](repeating: 0, count: documentLists.count)
            defer {
                for part in documentLists.indices { _ = documentLists[part].releaseMovedOutPages(from: released[part], before: documentLists[part].count) }
            }
            for (global, entry) in order.enumerated() {
                if Int(entry.local) >= released[Int(entry.part)] + releaseStep {
                    released[Int(entry.part)] = documentLists[Int(entry.part)].releaseMovedOutPages(
                        from: released[Int(entry.part)], before: Int(entry.local))
                }
                let pageNumber = documentLists[Int(entry.part)].pageNumber(at: Int(entry.local))
                if let lastPage, lastPage == (entry.part, pageNumber) { continue }
                lastPage = (entry.part, pageNumber)
                // Page names start with the month (`2024-05`): compared in place, a string made only for a new one.
                let page = documentLists[Int(entry.part)].page(at: Int(entry.local))
                let start = page.utf8.prefix(7)
                if start.allSatisfy({ $0 < 0x80 }), !lastMonth.utf8.lexicographicallyPrecedes(start) { continue }
                let month = String(page.prefix(7))
                if month > lastMonth {
                    months.append((month, global))
                    lastMonth = month
                }
            }
        }
        return months
    }

    /// A term's postings over the whole site: each part's, numbered by `mappings` (a part's document numbers in
    /// the site by their number in the part), in order.
    static func postings(of term: Int, from sources: TermSources, in parts: [SearchPostings.Window], mappings: [[UInt32]]) -> [UInt32] {
        var list: [UInt32] = []
        var partCount = 0
        sources.forEach(of: term) { part, local in
            let mapping = mappings[part]
            list.append(contentsOf: parts[part].list(at: local).lazy.map { mapping[Int($0 >> 2)] << 2 | ($0 & 3) })
            partCount += 1
        }
        // Each part's are in order, and so are its documents in the site's numbering.
        if partCount > 1 { list.sort() }
        return list
    }

    /// Each part's postings of the text terms of `batch` (positions in the sorted terms, whose numbers among the
    /// text terms `textNumbers` gives), read together (`SearchPostings.window(_:)`): the terms a part holds are
    /// in its order but for a few (UTF-8 and UTF-16 order differ from U+E000 on), so the window goes from the
    /// first to the last of them.
    private static func windows(
        of batch: Range<Int>, textNumbers: [Int32], sources: TermSources, in parts: [SearchPostings]
    ) -> [SearchPostings.Window] {
        // Postings held in memory are read where they are: only moved-out ones need the batch's range of terms.
        guard parts.contains(where: \.isMovedOut) else { return parts.map { $0.window($0.terms.indices) } }
        var lowest = [Int](repeating: .max, count: parts.count), highest = [Int](repeating: -1, count: parts.count)
        for position in batch where textNumbers[position] >= 0 {
            sources.forEach(of: Int(textNumbers[position])) { part, local in
                lowest[part] = min(lowest[part], local)
                highest[part] = max(highest[part], local)
            }
        }
        return parts.indices.map { part in
            parts[part].window(highest[part] < 0 ? 0..<0 : lowest[part]..<(highest[part] + 1))
        }
    }

    /// Adds a conversation's part; conversations are numbered in the order they are added.
    package mutating func add(_ part: SearchConversationPart) {
        parts.append(part)
    }

    /// What was written: file count and bytes, and the number of documents and terms.
    package struct Statistics: Sendable, Equatable {
        package var documents = 0
        package var terms = 0
        package var files = 0
        package var bytes = 0

        package init(documents: Int = 0, terms: Int = 0, files: Int = 0, bytes: Int = 0) {
            self.documents = documents
            self.terms = terms
            self.files = files
            self.bytes = bytes
        }
    }

    /// Builds the index and hands each file (path inside the site, contents) to `write`.
    package mutating func write(
        timeZone: String, locale: String, to write: (_ path: String, _ contents: String) throws -> Void
    ) throws -> Statistics {
        try self.write(timeZone: timeZone, locale: locale, reuse: nil, to: write).statistics
    }

    /// What a document file was made of (a digest of its documents' conversations, their keys and places,
    /// and of the people list) and its size: a later build whose file would have the same digest takes the
    /// previous output's file over instead of making it again.
    package struct DocumentFileSignature: Codable, Equatable, Sendable {
        package var digest: UInt64
        package var size: Int
    }

    /// What lets a build take document files over from the previous output: the parts' content keys (in
    /// the order they were added), the previous build's signatures, and a function that links the previous
    /// output's file at a site path when it still has the given size (false when it cannot).
    package struct Reuse {
        package var partKeys: [String]
        package var previous: [DocumentFileSignature]
        package var takeOver: (_ path: String, _ size: Int) throws -> Bool

        package init(
            partKeys: [String], previous: [DocumentFileSignature], takeOver: @escaping (_ path: String, _ size: Int) throws -> Bool
        ) {
            self.partKeys = partKeys
            self.previous = previous
            self.takeOver = takeOver
        }
    }

    /// Builds the index like `write(timeZone:locale:to:)`, taking over the document files `reuse` allows;
    /// also returns what a later build needs to take files over or to update the index in place.
    ///
    /// Writing uses up the parts' postings (they are let go once the term files are written): a builder writes once.
    package mutating func write(
        timeZone: String, locale: String, reuse: Reuse?, to write: (_ path: String, _ contents: String) throws -> Void
    ) throws -> (statistics: Statistics, state: SearchIndexState) {
        try self.write(timeZone: timeZone, locale: locale, reuse: reuse, toAll: { files in
            for file in files { try write(file.path, String(decoding: file.parts.joined(), as: UTF8.self)) }
        })
    }

    /// Builds the index like `write(timeZone:locale:reuse:to:)`, handing the files to `write` a batch at a time
    /// (a batch of term files and posting blocks, of document files), in order, each file as parts of UTF-8 to
    /// write one after another (its JSON made on any core is not copied again into one text).
    ///
    /// A batch is written on a thread of its own while the next one is made: `write` is called for one batch at
    /// a time, and never while `reuse` takes a file over; every call has returned when this returns or throws.
    package mutating func write(
        timeZone: String, locale: String, reuse: Reuse?, toAll write: (_ files: [(path: String, parts: [[UInt8]])]) throws -> Void
    ) throws -> (statistics: Statistics, state: SearchIndexState) {
        try withoutActuallyEscaping(write) { write in
            try self.write(timeZone: timeZone, locale: locale, reuse: reuse, behind: BatchWriter(write: write))
        }
    }

    /// The function that writes a batch of files, called on the thread that writes behind the one making the
    /// index: one call at a time, each waited for before anything else reaches what it writes to.
    private struct BatchWriter: @unchecked Sendable {
        let write: (_ files: [(path: String, parts: [[UInt8]])]) throws -> Void
    }

    private mutating func write(
        timeZone: String, locale: String, reuse: Reuse?, behind writer: BatchWriter
    ) throws -> (statistics: Statistics, state: SearchIndexState) {
        var statistics = Statistics()
        var pending: [(path: String, parts: [[UInt8]])] = []
        func emit(_ path: String, _ name: String, json: [UInt8]) {
            let parts = SearchIndexFormat.fileParts(name: name, json: json)
            statistics.files += 1
            statistics.bytes += parts.reduce(0) { $0 + $1.count }
            pending.append(("search/" + path, parts))
        }
        func emit(_ path: String, _ name: String, _ json: String) { emit(path, name, json: Array(json.utf8)) }
        // The batch being written while the next one is made; never left running, whatever is thrown.
        var writing: BackgroundWork<Void>?
        defer { _ = try? writing?.result() }
        func finishWriting() throws {
            try writing?.result()
            writing = nil
        }
        func flush() throws {
            guard !pending.isEmpty else { return }
            try finishWriting()
            let batch = pending
            pending = []
            writing = BackgroundWork { try writer.write(batch) }
        }

        // Read in place, through a buffer pointer (`parts[part].documents` or `documentLists[part]` copies the
        // list, every array of it retained, once per document).
        let documentLists = parts.map(\.documents)
        // Number the documents: the conversations merged by date, each keeping its order.
        let order = Self.mergedOrder(parts)
        statistics.documents = order.count
        // The months' first documents, for the manifest at the end: found on another thread meanwhile (one pass
        // over every document, which the cores have room for while the terms are encoded).
        let monthsWork = BackgroundWork { Self.firstDocumentOfEachMonth(order: order, documentLists: documentLists) }
        defer { _ = try? monthsWork.result() }
        var globalOfLocal = parts.map { [UInt32](repeating: 0, count: $0.documents.count) }
        for (global, entry) in order.enumerated() {
            globalOfLocal[Int(entry.part)][Int(entry.local)] = UInt32(global)
        }

        // People, sorted by name; each part's senders by their number in the part.
        var names = Set<String>()
        for part in parts { names.formUnion(part.documents.senders) }
        let people = PeopleOrder.sorted(names)
        let personNumber = Dictionary(uniqueKeysWithValues: people.enumerated().map { ($1, $0) })
        let personOfSender = parts.map { $0.documents.senders.map { personNumber[$0]! } }

        // Every term of the texts, once (its postings stay in the parts until it is encoded).
        var textTerms = TermOrder.merged(parts.map(\.postings.terms))
        // Filters.
        var filters: [String: [UInt32]] = [:]
        for (number, _) in parts.enumerated() { filters["~c\(number)"] = globalOfLocal[number] }
        var personPostings = [[UInt32]](repeating: [], count: people.count)
        var kindPostings = [[UInt32]](repeating: [], count: SearchKinds.named.count)
        documentLists.withUnsafeBufferPointer { documentLists in
            var released = [Int](repeating: 0, count: documentLists.count)
            defer {
                for part in documentLists.indices { _ = documentLists[part].releaseMovedOutPages(from: released[part], before: documentLists[part].count) }
            }
            for (global, entry) in order.enumerated() {
                let part = Int(entry.part), local = Int(entry.local)
                if local >= released[part] + Self.releaseStep {
                    released[part] = documentLists[part].releaseMovedOutPages(from: released[part], before: local)
                }
                if let sender = documentLists[part].senderNumber(at: local) {
                    personPostings[personOfSender[part][sender]].append(UInt32(global))
                }
                let kinds = documentLists[part].kinds(at: local)
                if !kinds.isEmpty {
                    for (number, (_, kind)) in SearchKinds.named.enumerated() where kinds.contains(kind) {
                        kindPostings[number].append(UInt32(global))
                    }
                }
            }
        }
        for (person, list) in personPostings.enumerated() where !list.isEmpty { filters["~p\(person)"] = list }
        for (number, (name, _)) in SearchKinds.named.enumerated() where !kindPostings[number].isEmpty {
            filters["~k" + name] = kindPostings[number]
        }

        // Term files and posting blocks: each term's postings encoded on all cores, then numbered and cut into
        // files in order.
        // Sorted as scripts compare strings: by UTF-16 code units. The text terms come in UTF-8 order, which
        // differs only where a term holds a character from U+E000 on, so the sort has little to do.
        let sources = try TermSources(merged: textTerms, partTerms: parts.map(\.postings.terms))
        // Each with its number among the text terms (-1 for a filter's).
        var ordered = textTerms.enumerated().map { (term: $1, number: Int32($0)) } + filters.keys.map { (term: $0, number: Int32(-1)) }
        textTerms = []
        ordered.sort { SearchIndexFormat.precedes($0.term, $1.term) }
        let terms = ordered.map(\.term), textNumbers = ordered.map(\.number)
        ordered = []
        statistics.terms = terms.count
        let filterPostings = filters
        var firstTerms: [String] = []
        var entries: [String] = []
        var boundaries = SearchIndexFormat.TermFileBoundaries()
        var blockNumber = 0
        func closeTermFile() {
            guard !entries.isEmpty else { return }
            emit("t/\(firstTerms.count - 1).js", "t/\(firstTerms.count - 1)", "[" + entries.joined(separator: ",") + "]")
            entries.removeAll(keepingCapacity: true)
        }
        // A batch of terms at a time, so that the encoded index is never in memory whole.
        do {
            // Taken out of the parts, so that they are let go once every term is encoded.
            let postingParts = parts.map(\.postings), mappings = globalOfLocal
            for number in parts.indices { parts[number].postings = SearchPostings() }
            for batch in chunkRanges(count: terms.count, chunkSize: Self.termBatch) {
                let windows = Self.windows(of: batch, textNumbers: textNumbers, sources: sources, in: postingParts)
                // Each term encoded, its blocks' JSON made and, for a term without blocks, its entry: on all cores.
                let encoded = try chunkRanges(count: batch.count, chunkSize: Self.encodingChunk).concurrentMap { range in
                    range.map { offset -> (term: EncodedTerm, blocks: [[UInt8]], entry: String?) in
                        let term = terms[batch.lowerBound + offset], number = Int(textNumbers[batch.lowerBound + offset])
                        let encoded = if number < 0 {
                            EncodedTerm(term: term, postings: filterPostings[term] ?? [], weighted: false)
                        } else {
                            EncodedTerm(
                                term: term, postings: Self.postings(of: number, from: sources, in: windows, mappings: mappings),
                                weighted: true)
                        }
                        return (
                            encoded, encoded.blocks.map { Array(JavaScriptText.postings($0.text).utf8) },
                            encoded.blocks.isEmpty ? SearchIndexFormat.entry(encoded, blockNumbers: []) : nil)
                    }
                }.joined()
                for (term, blocks, made) in encoded {
                    if entries.isEmpty { firstTerms.append(term.term) }
                    var numbers: [Int] = []
                    for block in blocks {
                        emit("p/\(blockNumber).js", "p/\(blockNumber)", json: block)
                        numbers.append(blockNumber)
                        blockNumber += 1
                    }
                    let entry = made ?? SearchIndexFormat.entry(term, blockNumbers: numbers)
                    entries.append(entry)
                    if boundaries.add(term: term.term, entryBytes: entry.utf8.count) { closeTermFile() }
                }
                try flush()
            }
        }
        closeTermFile()
        try flush()
        // Taking files over reaches the output too.
        try finishWriting()

        // Documents, made on all cores; those whose signature is the previous build's are taken over.
        let parts = self.parts
        let chunk = Self.documentChunk(documents: order.count)
        let chunks = chunkRanges(count: order.count, chunkSize: chunk)
        let digests = try Self.documentFileDigests(
            order: order, partKeys: reuse?.partKeys ?? parts.map { _ in "" }, people: people)
        var signatures = digests.map { DocumentFileSignature(digest: $0, size: 0) }
        var toMake: [Int] = []
        for number in chunks.indices {
            if let reuse, reuse.partKeys.count == parts.count, number < reuse.previous.count,
               reuse.previous[number].digest == digests[number],
               try reuse.takeOver("search/d/\(number).js", reuse.previous[number].size)
            {
                signatures[number].size = reuse.previous[number].size
                statistics.files += 1
                statistics.bytes += reuse.previous[number].size
            } else {
                toMake.append(number)
            }
        }
        // Spilled texts read so far, by part: handed back after each batch (the documents of a part come in its
        // order), so that a site's texts are not all in memory at the end.
        var released = [Int](repeating: 0, count: parts.count)
        var nextLocal = [Int](repeating: 0, count: parts.count)
        // A batch of files at a time, made on all cores and written in order.
        for batch in chunkRanges(count: toMake.count, chunkSize: Self.documentFileBatch(chunk: chunk)) {
            let numbers = toMake[batch]
            let documentFiles = try numbers.map { chunks[$0] }.concurrentMap { range in
                var columns = SearchDocumentColumns(capacity: range.count)
                documentLists.withUnsafeBufferPointer { documentLists in
                    guard let lists = documentLists.baseAddress else { return }
                    for position in range {
                        let entry = order[position]
                        let part = Int(entry.part), local = Int(entry.local)
                        // Each list read where it is, through its pointer (see `appendDocument`).
                        let list = lists + part
                        SearchIndexFormat.appendDocument(
                            local, of: list, part: part,
                            person: list.pointee.senderNumber(at: local).map { personOfSender[part][$0] } ?? -1, to: &columns)
                    }
                }
                return SearchIndexFormat.packedDocuments(columns.json)
            }
            for (number, file) in zip(numbers, documentFiles) {
                let size = statistics.bytes
                emit("d/\(number).js", "d/\(number)", json: file)
                signatures[number].size = statistics.bytes - size
            }
            try flush()
            let nextBefore = nextLocal
            for number in numbers {
                for position in chunks[number] { nextLocal[Int(order[position].part)] = Int(order[position].local) + 1 }
            }
            for part in parts.indices {
                released[part] = documentLists[part].releaseSpilledPages(from: released[part], before: nextLocal[part])
                // A moved-out part whose documents this batch read.
                if nextLocal[part] != nextBefore[part], documentLists[part].isMovedOut { documentLists[part].releaseMovedOutPages() }
            }
        }

        // Each conversation's pages, with their first document.
        for (number, part) in parts.enumerated() {
            let pages = part.pages.map { page in
                "[" + JavaScriptText.string(page.file) + ",\(page.first < part.documents.count ? Int(globalOfLocal[number][page.first]) : order.count)]"
            }
            emit("c/\(number).js", "c/\(number)", "[" + pages.joined(separator: ",") + "]")
        }

        let months = try monthsWork.result()
        let manifest = SearchIndexFormat.Manifest(
            documents: order.count, timeZone: timeZone, locale: locale, conversations: parts.map { ($0.title, $0.url) },
            people: people, months: months, termFiles: firstTerms)
        emit("index.js", "index", manifest.json)
        try flush()
        try finishWriting()
        let state = SearchIndexState(
            documentFiles: signatures, partOfDocument: order.map { UInt32($0.part) }, termFiles: firstTerms.count,
            blocks: blockNumber)
        return (statistics, state)
    }
}
