import TranscriptDisplay
import TranscriptModel
import TranscriptSearch
import TranscriptSupport
import TranscriptText

extension ConversationRenderer {
    /// What rendering a conversation's pages of message rows gave.
    struct RenderedPages {
        /// How many messages were rendered.
        var rows = 0
        /// The appearances of the rendered messages, by class name.
        var appearances: [String: MessageAppearance] = [:]
        /// The rendered messages' search documents and terms, when indexing.
        var searchChunks: [SearchConversationPart.Chunk] = []
        /// When every page was rendered: the terms' postings, joined as the chunks came (the chunks then hold
        /// only documents).
        var searchPostings: SearchPostingShards?
        /// The record of each rendered page (by file name), when digests were given.
        var records: [String: PageRecord] = [:]
    }

    /// Renders the pages of message rows of `list` (the month pages and any others) except those `skipping`
    /// names (by position), and writes them in order.
    ///
    /// Whole pages are rendered a batch at a time (about `pagesBatch` messages, pages next to each other), on all
    /// cores, and written at once: memory follows the batch, not the conversation. The rows of the month pages
    /// give their messages' search documents as they are made, when `indexing`. `betweenBatches` is called after each
    /// batch is written.
    func renderPages(
        _ list: MessagePageList, of frame: ConversationFrame, skipping: Set<Int>, avatarImages: [String: String],
        media: [Int: MessageMedia], indexing: Bool, write: (_ files: [(file: String, parts: [[UInt8]])]) throws -> Void,
        betweenBatches: () throws -> Void = {}
    ) throws -> RenderedPages {
        let pages = list.pages
        let quoted = try quotedTexts(of: frame, pages: pages, skipping: skipping)
        // Pages a batch at a time, of about `pagesBatch` messages: each batch's rows are rendered on all cores, then
        // its pages (what a batch holds is let go before the next one is rendered).
        var batches: [[Int]] = []
        var batchSize = 0
        var lastPage = -2
        for (position, page) in pages.enumerated() where !skipping.contains(position) {
            if batches.isEmpty || batchSize >= Self.pagesBatch || position != lastPage + 1 {
                batches.append([])
                batchSize = 0
            }
            batches[batches.count - 1].append(position)
            batchSize += page.messages.count
            lastPage = position
        }
        var result = RenderedPages()
        // When every message is indexed here in order, the chunks' postings are joined on all cores as they come.
        let inOrder = indexing && list.showsThePlanInOrder(skipping: skipping, of: frame)
        let joined = inOrder ? SearchPostingShards() : nil
        result.searchPostings = joined
        // The next batch's rows are rendered on a thread of their own while this one's pages are made and written:
        // the cores that wait for a batch's last chunk and pages have the next batch's chunks to take.
        let splitting = joined != nil
        let senders = RowSender.table(
            names: frame.names, avatarImages: avatarImages, initials: frame.initials, participants: frame.participantsByID)
        // Only the month pages' rows are indexed: each message once, on the page search results lead to.
        let indexed = indexing ? Set(pages.indices.filter { list.planNumbers[$0] != nil }) : []
        let rowsOf = { @Sendable [self] (batch: [Int]) throws -> [RowsPiece] in
            try renderRows(
                of: batch, pages: pages, in: frame, quoted: quoted, senders: senders, media: media, indexed: indexed,
                splitting: splitting)
        }
        var nextRows = batches.first.map { first in BackgroundWork { try rowsOf(first) } }
        // A batch being rendered when a step fails is waited for: nothing runs on after the call.
        defer { _ = try? nextRows?.result() }
        for (position, batch) in batches.enumerated() {
            let pieces = try nextRows!.result()
            nextRows = position + 1 < batches.count ? BackgroundWork { [next = batches[position + 1]] in try rowsOf(next) } : nil
            try joined?.join(pieces.compactMap(\.split))
            for piece in pieces {
                result.rows += piece.count
                guard let chunk = piece.search else { continue }
                // When every message is indexed here, the chunks follow each other: joined as they come, so that the
                // conversation's share of the index is made once, not first in pieces and then whole.
                if inOrder, !result.searchChunks.isEmpty {
                    result.searchChunks[0].append(chunk)
                } else {
                    result.searchChunks.append(chunk)
                    // The running chunk will hold every message's document: room for them all at once (for their
                    // texts too, unless they are moved out as they come).
                    if inOrder { result.searchChunks[0].documents.reserveCapacity(frame.messages.count, texts: documentSpill == nil) }
                }
            }
            if inOrder, let documentSpill, let running = result.searchChunks.first,
               running.documents.textBytesInMemory >= documentSpillFrom {
                try result.searchChunks[0].documents.spillTexts(to: documentSpill)
            }
            // Group the pieces by page, then render the pages' frames on all cores and write them in order.
            let grouped = Dictionary(grouping: pieces, by: \.page)
            let made = try batch.concurrentMap { position in try page(pages[position], pieces: grouped[position] ?? []) }
            try write(made.map { ($0.file, $0.parts) })
            try betweenBatches()
            for (position, page) in zip(batch, made) {
                result.appearances.merge(page.appearances) { first, _ in first }
                if let digest = pages[position].digest {
                    result.records[page.file] = PageRecord(
                        digest: digest, looks: page.appearances.mapValues(\.contrastWarnings),
                        css: page.appearances.mapValues(AppearanceCSS.init))
                }
            }
        }
        // Chunks in the order of their messages, as the search part is assembled (the pages may come in another).
        if !inOrder { result.searchChunks.sort { $0.offset < $1.offset } }
        return result
    }

    /// The messages of a batch of pages, their texts rendered by cmark and then through the `message` template, in
    /// chunks that never straddle two pages, on all cores: each chunk's HTML, its appearances and its search
    /// documents.
    private func renderRows(
        of batch: [Int], pages: [ProducedMessagePage], in frame: ConversationFrame, quoted: [Int: String],
        senders: [String: RowSender], media: [Int: MessageMedia], indexed: Set<Int>, splitting: Bool
    ) throws -> [RowsPiece] {
        let messages = frame.messages
        let chunks = batch.flatMap { position in
            let range = pages[position].messages
            return chunkRanges(count: range.count, chunkSize: Self.chunkSize).map {
                (page: position, range: (range.lowerBound + $0.lowerBound)..<(range.lowerBound + $0.upperBound))
            }
        }
        let renderer = CommonMarkRenderer()
        let context = DisplayContext(conversation: frame.conversation, configuration: configuration.display)
        let templateNames = Set(templates.sources.keys)
        let extractor = SearchExtractor(strings: strings)
        let timesOfDay = self.timesOfDay
        // Each page's list of messages takes the look and avatar room of its first incoming message, which its rows
        // then leave out.
        let lists = MessageRowBuilder(
            context: context.withOwnResolvedSettings(), delegate: delegate, texts: TextWindow(texts: []),
            indexByID: frame.indexByID, names: frame.names, senders: senders)
        let listDefaults = Dictionary(uniqueKeysWithValues: batch.map { ($0, lists.listDefaults(in: pages[$0].messages)) })
        // A chunk's texts are rendered by cmark with its rows, in one step on all cores: a row needs its own text and
        // those of the messages it quotes, which `quoted` holds.
        let pieces = try chunks.concurrentMap { chunk in
            let indexing = indexed.contains(chunk.page)
            // Read through a buffer pointer: `messages[index].kind` copied the whole message first.
            let rendered = messages.withUnsafeBufferPointer { messages in
                chunk.range.map { index in
                    Self.text(of: messages[index].kind).map { renderer.render($0.source, format: $0.format, wantsPlainText: indexing) }
                }
            }
            let texts = TextWindow(offset: chunk.range.lowerBound, texts: rendered, quoted: quoted)
            // Resolved display settings of the chunk's own (`DisplayContext.withOwnResolvedSettings`).
            let context = context.withOwnResolvedSettings()
            var builder = MessageRowBuilder(
                context: context, delegate: delegate, texts: texts, indexByID: frame.indexByID,
                names: frame.names, media: media,
                templateNames: templateNames, root: frame.site.root, threads: frame.threads,
                customRenderers: customRenderers, pageFiles: frame.pageFiles, timesOfDay: timesOfDay, strings: strings,
                dayTexts: frame.dayTexts, senders: senders)
            builder.listDefaults = listDefaults[chunk.page] ?? nil
            var search: SearchConversationPart.Chunk?
            var split: SearchPostingShards.Split?
            var chunkBuilder = indexing
                ? SearchChunkBuilder(extractor: extractor, offset: chunk.range.lowerBound, expected: chunk.range.count) : nil
            // The sender's name is the row's (`frame.name(of:)`), and the page the chunk's: a chunk lies on one page.
            let page = !indexing || chunk.range.isEmpty ? "" : String(frame.pageFiles[chunk.range.lowerBound].dropLast(5))
            // Each message indexed as its row is made, from the builder's one reading of it.
            let (rows, appearances) = builder.rows(chunk.range) { message, index, row in
                chunkBuilder?.add(
                    message, plainText: texts[index]?.plainText,
                    textHasLink: texts[index].map { SearchExtractor.holdsLink($0.html) } ?? false,
                    senderName: message.sender == nil ? nil : row.row.sender.name,
                    page: page, anchor: row.row.anchor)
            }
            if let chunkBuilder {
                if splitting {
                    (search, split) = chunkBuilder.splitChunk()
                } else {
                    search = chunkBuilder.chunk()
                }
            }
            return RowsPiece(
                page: chunk.page, html: try templates.renderRows(rows), count: rows.count,
                appearances: appearances, list: builder.listDefaults, search: search, split: split)
        }
        return pieces
    }

    /// A chunk of a page's messages, rendered.
    private struct RowsPiece: Sendable {
        var page: Int
        /// The rows' HTML, as UTF-8.
        var html: [UInt8]
        var count: Int
        var appearances: [String: MessageAppearance]
        /// What the page's list sets for its rows (`MessageRowBuilder.listDefaults(in:)`).
        var list: ListDefaults?
        var search: SearchConversationPart.Chunk?
        /// The chunk's postings split into shards, when they are joined that way (`search` then holds none).
        var split: SearchPostingShards.Split?
    }

    /// A page of message rows: its frame rendered with its template around its rows' HTML (never copied into one
    /// string), as the parts to write one after another, in UTF-8.
    private func page(
        _ page: ProducedMessagePage, pieces: [RowsPiece]
    ) throws -> (file: String, parts: [[UInt8]], appearances: [String: MessageAppearance]) {
        let appearances = pieces.reduce(into: [String: MessageAppearance]()) { $0.merge($1.appearances) { first, _ in first } }
        let rendered = try renderFrame(page.model, template: page.template, list: pieces.first?.list)
        let marker = Self.occurrences(of: Self.messagesMarkerBytes, in: rendered)
        guard marker.count == 1 else {
            throw TranscriptsError(
                message: "the \(page.template) template must show the messages exactly once with {{{messagesHTML}}} (found \(marker.count) times)")
        }
        return (
            page.file,
            [Array(rendered[..<marker[0]])] + pieces.map(\.html) + [Array(rendered[(marker[0] + Self.messagesMarkerBytes.count)...])],
            appearances)
    }

    /// A page's frame: `model` through `template`, with the marker where the rows go and what its list sets for them.
    private func renderFrame(_ model: some MessageListModel, template: String, list: ListDefaults?) throws -> [UInt8] {
        var model = model
        model.messagesHTML = Self.messagesMarker
        model.listLookClass = list?.look
        model.listReservesAvatarSpace = list?.reservesAvatarSpace ?? false
        return Array(try templates.render(model, template: template).utf8)
    }

    /// The marker's UTF-8 bytes.
    static let messagesMarkerBytes = Array(messagesMarker.utf8)

    /// Where `needle` starts in `bytes`, each time it occurs (not overlapping): compared byte by byte, where
    /// `String.ranges(of:)` compares characters, which is slower.
    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard let first = needle.first, needle.count <= bytes.count else { return [] }
        var found: [Int] = []
        var position = 0
        while position <= bytes.count - needle.count {
            if bytes[position] == first, bytes[position..<(position + needle.count)].elementsEqual(needle) {
                found.append(position)
                position += needle.count
            } else {
                position += 1
            }
        }
        return found
    }

    /// The plain text of the messages that replies on the pages rendered now quote, rendered up front on all
    /// cores (the pages themselves are rendered a batch at a time, and a quote may lie in another batch).
    private func quotedTexts(of frame: ConversationFrame, pages: [ProducedMessagePage], skipping: Set<Int>) throws -> [Int: String] {
        let messages = frame.messages
        var quotedIndexes = Set<Int>()
        for (position, page) in pages.enumerated() where !skipping.contains(position) {
            for index in page.messages {
                if let target = messages[index].replyTo.flatMap({ frame.indexByID[$0] }) { quotedIndexes.insert(target) }
            }
        }
        let quotedList = quotedIndexes.sorted()
        let renderer = CommonMarkRenderer()
        let texts = try chunkRanges(count: quotedList.count, chunkSize: 1024).concurrentMap { chunk in
            chunk.map { position -> (Int, String) in
                let index = quotedList[position]
                return (index, Self.text(of: messages[index].kind).map { renderer.render($0.source, format: $0.format).plainText } ?? "")
            }
        }.flatMap { $0 }
        return Dictionary(texts) { first, _ in first }
    }
}
