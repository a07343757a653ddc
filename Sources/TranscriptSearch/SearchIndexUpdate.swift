import TranscriptJSON
import TranscriptModel

/// Updates a previous build's search index in place when some conversations changed but kept their messages'
/// number and times (an edited text, a changed kind or sender): only the files those changes touch are made
/// again, from the previous files and the changed conversations' old and new parts. The result is the same
/// bytes `SearchIndexBuilder` would write; when an update cannot promise that (messages added or removed,
/// another set of people, a term gaining or losing a posting block), `run()` returns nil and the index is
/// built whole.
///
/// The files of the previous index are read through `read`, which gives a file only when it is the one the
/// previous build wrote.
package struct SearchIndexUpdate {
    /// A conversation whose share of the index changed: its number in the index, its previous part and its
    /// new one.
    package struct Change {
        package var number: Int
        package var old: SearchConversationPart
        package var new: SearchConversationPart

        package init(number: Int, old: SearchConversationPart, new: SearchConversationPart) {
            self.number = number
            self.old = old
            self.new = new
        }
    }

    /// What the update made: the files to write (paths under `search/`), the previous files that stay as
    /// they are, and the new statistics and state.
    package struct Result {
        package var files: [(path: String, contents: String)]
        package var kept: [String]
        package var statistics: SearchIndexBuilder.Statistics
        package var state: SearchIndexState
    }

    package var previous: SearchIndexState
    package var previousStatistics: SearchIndexBuilder.Statistics
    /// Every conversation's content key, in index order (for the document files' signatures).
    package var partKeys: [String]
    package var changes: [Change]
    package var timeZone: String
    package var locale: String
    /// A file of the previous index by its path under `search/` (such as `t/3.js`), when it is as written.
    package var read: (String) -> [UInt8]?

    package init(
        previous: SearchIndexState, previousStatistics: SearchIndexBuilder.Statistics, partKeys: [String], changes: [Change],
        timeZone: String, locale: String, read: @escaping (String) -> [UInt8]?
    ) {
        self.previous = previous
        self.previousStatistics = previousStatistics
        self.partKeys = partKeys
        self.changes = changes
        self.timeZone = timeZone
        self.locale = locale
        self.read = read
    }

    /// A term's postings to take out of and put into its list.
    private struct TermChange {
        var remove: [UInt32] = []
        var add: [UInt32] = []
        var weighted: Bool
    }

    package func run() throws -> Result? {
        let documentCount = previous.partOfDocument.count
        let files = PreviousFiles(read: read)
        guard !changes.isEmpty, previousStatistics.documents == documentCount,
              let manifest = files.manifest(), manifest.documents == documentCount, manifest.timeZone == timeZone,
              manifest.locale == locale, manifest.conversations.count == partKeys.count,
              manifest.termFiles.count == previous.termFiles,
              let (termChanges, documentChanges) = differences(people: manifest.people)
        else { return nil }
        var output = Output()

        // Document files: the changed entries put in place of the previous ones.
        let chunk = SearchIndexBuilder.documentChunk(documents: documentCount)
        let chunkCount = (documentCount + chunk - 1) / chunk
        var signatureSizes = previous.documentFiles.map(\.size)
        guard signatureSizes.count == chunkCount else { return nil }
        for number in documentChanges.keys.sorted() {
            guard var entries = files.documents(of: "d/\(number)"),
                  entries.count == min(chunk, documentCount - number * chunk)
            else { return nil }
            for (slot, entry) in documentChanges[number]! { entries[slot] = entry }
            signatureSizes[number] = output.emit("d/\(number)", SearchIndexFormat.documentFile(entries))
        }

        // Terms: each changed term's new entry (and blocks), then the term files cut again where they changed.
        guard let (replacements, termCount) = entries(for: termChanges, in: files, termFiles: manifest.termFiles, output: &output),
              let (firstTerms, fileCount) = Self.termFiles(
                  replacing: replacements, in: files, termFiles: manifest.termFiles, output: &output)
        else { return nil }

        // The changed conversations' pages, and the manifest.
        var updatedManifest = manifest
        for change in changes {
            let globals = previous.documents(ofPart: change.number)
            let pages = change.new.pages.map { page in
                "[" + JavaScriptText.string(page.file) + ",\(page.first < globals.count ? Int(globals[page.first]) : documentCount)]"
            }
            guard files.bytes("c/\(change.number)") != nil else { return nil }
            output.emit("c/\(change.number)", "[" + pages.joined(separator: ",") + "]")
            updatedManifest.conversations[change.number] = (change.new.title, change.new.url)
        }
        updatedManifest.termFiles = firstTerms
        output.emit("index", updatedManifest.json)

        // The new state, what stays, and the new totals.
        let digests = try SearchIndexBuilder.documentFileDigests(order: previous.order, partKeys: partKeys, people: manifest.people)
        var state = previous
        state.documentFiles = zip(digests, signatureSizes).map { .init(digest: $0, size: $1) }
        state.termFiles = fileCount
        let kept = state.files(parts: partKeys.count).filter { !output.written.contains(String($0.dropLast(".js".count))) }
        var statistics = previousStatistics
        statistics.terms = termCount
        for (path, contents) in output.files {
            if let size = files.sizes[String(path.dropFirst("search/".count).dropLast(".js".count))] {
                statistics.bytes -= size
            } else {
                statistics.files += 1
            }
            statistics.bytes += contents.utf8.count
        }
        for number in fileCount..<max(fileCount, manifest.termFiles.count) {
            statistics.files -= 1
            statistics.bytes -= files.sizes["t/\(number)"]!
        }
        return Result(files: output.files, kept: kept, statistics: statistics, state: state)
    }

    /// The files an update writes (paths under `search/`, with the names they were made under).
    private struct Output {
        var files: [(path: String, contents: String)] = []
        /// The files' names, such as `t/3`.
        var written = Set<String>()

        /// Adds the file called `name` (such as `t/3`); its size.
        @discardableResult
        mutating func emit(_ name: String, _ json: String) -> Int {
            let contents = SearchIndexFormat.file(name: name, json: json)
            files.append(("search/" + name + ".js", contents))
            written.insert(name)
            return contents.utf8.count
        }
    }

    /// What the changes change: each term's postings to take out and put in (the filters' terms too), and the
    /// changed documents' new entries by document file and place in it. Nil when the changes cannot be made
    /// in place.
    private func differences(
        people: [String]
    ) -> (terms: [String: TermChange], documents: [Int: [Int: SearchDocumentColumns.Entry]])? {
        let personNumber = Dictionary(people.enumerated().map { ($1, $0) }) { first, _ in first }
        var termChanges: [String: TermChange] = [:]
        var documentChanges: [Int: [Int: SearchDocumentColumns.Entry]] = [:]
        let chunk = SearchIndexBuilder.documentChunk(documents: previous.partOfDocument.count)
        for change in changes {
            let old = change.old, new = change.new
            let globals = previous.documents(ofPart: change.number)
            guard change.number < partKeys.count, globals.count == old.documents.count,
                  old.documents.count == new.documents.count,
                  old.documents.indices.allSatisfy({ old.documents.seconds(at: $0) == new.documents.seconds(at: $0) }),
                  Set(old.documents.senders) == Set(new.documents.senders)
            else { return nil }
            for local in old.documents.indices where !old.documents.documentEquals(at: local, new.documents, at: local) {
                let global = globals[local]
                let document = new.documents[local], was = old.documents[local]
                let person = document.sender.flatMap { personNumber[$0] } ?? -1
                let oldPerson = was.sender.flatMap { personNumber[$0] } ?? -1
                documentChanges[Int(global) / chunk, default: [:]][Int(global) % chunk] =
                    SearchDocumentColumns.Entry(document, part: change.number, person: person)
                if person != oldPerson {
                    if oldPerson >= 0 { termChanges["~p\(oldPerson)", default: .init(weighted: false)].remove.append(global) }
                    if person >= 0 { termChanges["~p\(person)", default: .init(weighted: false)].add.append(global) }
                }
                for (name, kind) in SearchKinds.named where was.kinds.contains(kind) != document.kinds.contains(kind) {
                    if was.kinds.contains(kind) {
                        termChanges["~k" + name, default: .init(weighted: false)].remove.append(global)
                    } else {
                        termChanges["~k" + name, default: .init(weighted: false)].add.append(global)
                    }
                }
            }
            func mapped(_ list: some Sequence<UInt32>) -> [UInt32] { list.map { globals[Int($0 >> 2)] << 2 | ($0 & 3) } }
            let oldInNew = TermOrder.positions(of: old.postings.terms, in: new.postings.terms)
            for (number, term) in old.postings.terms.enumerated() {
                let list = old.postings.list(at: number)
                let now = oldInNew[number] < 0 ? PostingList() : new.postings.list(at: Int(oldInNew[number]))
                guard !now.elementsEqual(list) else { continue }
                termChanges[term, default: .init(weighted: true)].remove += mapped(list)
                termChanges[term, default: .init(weighted: true)].add += mapped(now)
            }
            let newInOld = TermOrder.positions(of: new.postings.terms, in: old.postings.terms)
            for (number, term) in new.postings.terms.enumerated() where newInOld[number] < 0 {
                termChanges[term, default: .init(weighted: true)].add += mapped(new.postings.list(at: number))
            }
        }
        return (termChanges, documentChanges)
    }

    /// Each changed term's new entry by the term file it goes in (nil for a term taken out), with its posting
    /// blocks written, and the new number of terms. Nil when a term would gain or lose blocks (which would
    /// number the blocks after it anew).
    private func entries(
        for termChanges: [String: TermChange], in files: PreviousFiles, termFiles firstTerms: [String], output: inout Output
    ) -> (replacements: [Int: [String: [UInt8]?]], terms: Int)? {
        var replacements: [Int: [String: [UInt8]?]] = [:]
        var termCount = previousStatistics.terms
        for term in termChanges.keys.sorted(by: SearchIndexFormat.precedes) {
            let change = termChanges[term]!
            // The last file whose first term is not after `term` (or the first file).
            var low = 0, high = firstTerms.count
            while low < high {
                let middle = (low + high) / 2
                if SearchIndexFormat.precedes(term, firstTerms[middle]) { high = middle } else { low = middle + 1 }
            }
            let number = max(0, low - 1)
            guard let entries = files.termFile(number) else { return nil }
            let oldEntry = entries.first { $0.term == term }
            // Swift's `==` holds for two spellings of one text (composed and decomposed): which one the index
            // keeps depends on all conversations, so an update does not choose.
            if let oldEntry, !oldEntry.term.utf8.elementsEqual(term.utf8) { return nil }
            var list: [UInt32] = []
            var oldBlocks: [Int]?
            if let oldEntry {
                guard let parsed = Self.postings(of: oldEntry, in: files) else { return nil }
                list = parsed.postings
                oldBlocks = parsed.blocks
            }
            // The new list: the previous one without the removed postings, with the added ones.
            let removed = Set(change.remove)
            let kept = list.filter { !removed.contains($0) }
            guard kept.count == list.count - removed.count else { return nil }
            let updated = Self.merge(kept, change.add.sorted())
            // A document at most once (ascending, so a document's postings would be next to each other).
            let shift: UInt32 = change.weighted ? 2 : 0
            guard zip(updated, updated.dropFirst()).allSatisfy({ $0 >> shift < $1 >> shift }) else { return nil }
            if updated.isEmpty {
                guard oldEntry != nil, oldBlocks == nil else { return nil }
                replacements[number, default: [:]][term] = .some(nil)
                termCount -= 1
                continue
            }
            let encoded = SearchIndexBuilder.EncodedTerm(term: term, postings: updated, weighted: change.weighted)
            var numbers: [Int] = []
            if let oldBlocks {
                guard encoded.inline == nil, encoded.blocks.count == oldBlocks.count else { return nil }
                numbers = oldBlocks
                for (blockNumber, block) in zip(oldBlocks, encoded.blocks) {
                    output.emit("p/\(blockNumber)", JavaScriptText.postings(block.text))
                }
            } else {
                guard encoded.inline != nil else { return nil }
            }
            if oldEntry == nil { termCount += 1 }
            replacements[number, default: [:]][term] = .some(Array(SearchIndexFormat.entry(encoded, blockNumbers: numbers).utf8))
        }
        return (replacements, termCount)
    }

    /// Cuts the term files again from each one with replacements until the files end where they ended before
    /// (with the same numbers): the new first terms and number of files. Nil when a file cannot be read.
    private static func termFiles(
        replacing replacements: [Int: [String: [UInt8]?]], in files: PreviousFiles, termFiles previousFirstTerms: [String],
        output: inout Output
    ) -> (firstTerms: [String], count: Int)? {
        var firstTerms = previousFirstTerms
        let oldFileCount = firstTerms.count
        var fileCount = oldFileCount
        let touched = replacements.keys.sorted()
        var position = 0
        while position < touched.count {
            var old = touched[position]
            var number = old
            var boundaries = SearchIndexFormat.TermFileBoundaries()
            var entries: [[UInt8]] = []
            var synced = false
            func close() {
                output.emit("t/\(number)", "[" + entries.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",") + "]")
                number += 1
                entries.removeAll()
            }
            while old < oldFileCount {
                guard let previousEntries = files.termFile(old) else { return nil }
                for entry in merged(previousEntries, replacements[old] ?? [:]) {
                    if entries.isEmpty {
                        if number < firstTerms.count { firstTerms[number] = entry.term } else { firstTerms.append(entry.term) }
                    }
                    entries.append(entry.text)
                    if boundaries.add(term: entry.term, entryBytes: entry.text.count) { close() }
                }
                old += 1
                while position < touched.count, touched[position] < old { position += 1 }
                if entries.isEmpty, number == old {
                    synced = true
                    break
                }
            }
            if !synced {
                if !entries.isEmpty { close() }
                fileCount = number
                firstTerms.removeSubrange(min(number, firstTerms.count)...)
                break
            }
        }
        guard fileCount > 0 else { return nil }
        // The files past the new last one go: their sizes come off the totals.
        for number in fileCount..<max(fileCount, oldFileCount) where files.sizes["t/\(number)"] == nil {
            guard files.termFile(number) != nil else { return nil }
        }
        return (firstTerms, fileCount)
    }

    /// A term's previous postings (its entry's, or its blocks') and its blocks' numbers when it has blocks.
    private static func postings(of entry: Entry, in files: PreviousFiles) -> (postings: [UInt32], blocks: [Int]?)? {
        guard let value = try? entry.text.withUnsafeBufferPointer({ try JSONParser.parse($0) }),
              case .array(let fields) = value, fields.count >= 3
        else { return nil }
        switch fields[2] {
        case .string(let inline) where fields.count == 3:
            return (PostingCoder.decode(inline).map { UInt32($0) }, nil)
        case .array(let blocks) where fields.count == 4:
            guard case .string(let tail) = fields[3] else { return nil }
            var postings: [UInt32] = []
            var numbers: [Int] = []
            for block in blocks {
                guard case .array(let description) = block, case .number(let value)? = description.first,
                      let number = Int(exactly: value), let payload = files.payload("p/\(number)"), payload.count >= 2
                else { return nil }
                postings += PostingCoder.decode(String(decoding: payload.dropFirst().dropLast(), as: UTF8.self)).map { UInt32($0) }
                numbers.append(number)
            }
            return (postings + PostingCoder.decode(tail).map { UInt32($0) }, numbers)
        default:
            return nil
        }
    }

    /// Two ascending lists as one.
    private static func merge(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        guard !b.isEmpty else { return a }
        var result: [UInt32] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i] <= b[j]) {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        return result
    }
}
