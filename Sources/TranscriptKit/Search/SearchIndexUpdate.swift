/// Updates a previous build's search index in place when some conversations changed but kept their messages'
/// number and times (an edited text, a changed kind or sender): only the files those changes touch are made
/// again, from the previous files and the changed conversations' old and new parts. The result is the same
/// bytes `SearchIndexBuilder` would write; when an update cannot promise that (messages added or removed,
/// another set of people, a term gaining or losing a posting block), `run()` returns nil and the index is
/// built whole.
///
/// The files of the previous index are read through `read`, which gives a file only when it is the one the
/// previous build wrote.
struct SearchIndexUpdate {
    /// A conversation whose share of the index changed: its number in the index, its previous part and its
    /// new one.
    struct Change {
        var number: Int
        var old: SearchConversationPart
        var new: SearchConversationPart
    }

    /// What the update made: the files to write (paths under `search/`), the previous files that stay as
    /// they are, and the new statistics and state.
    struct Result {
        var files: [(path: String, contents: String)]
        var kept: [String]
        var statistics: SearchIndexBuilder.Statistics
        var state: SearchIndexState
    }

    var previous: SearchIndexState
    var previousStatistics: SearchIndexBuilder.Statistics
    /// Every conversation's content key, in index order (for the document files' signatures).
    var partKeys: [String]
    var changes: [Change]
    var timeZone: String
    var locale: String
    /// A file of the previous index by its path under `search/` (such as `t/3.js`), when it is as written.
    var read: (String) -> [UInt8]?

    /// A term's postings to take out of and put into its list.
    private struct TermChange {
        var remove: [UInt32] = []
        var add: [UInt32] = []
        var weighted: Bool
    }

    /// A term file's entry as it is written.
    private struct Entry {
        var term: String
        var text: [UInt8]
    }

    func run() throws -> Result? {
        let documentCount = previous.partOfDocument.count
        guard !changes.isEmpty, previousStatistics.documents == documentCount,
              let manifestBytes = read("index.js"), let payload = SearchIndexFormat.payload(of: manifestBytes, name: "index"),
              let manifestValue = try? payload.withUnsafeBufferPointer({ try JSONParser.parse($0) }),
              let manifest = SearchIndexFormat.Manifest(json: manifestValue),
              manifest.documents == documentCount, manifest.timeZone == timeZone, manifest.locale == locale,
              manifest.conversations.count == partKeys.count, manifest.termFiles.count == previous.termFiles
        else { return nil }
        var sizes: [String: Int] = ["index.js": manifestBytes.count]
        let personNumber = Dictionary(manifest.people.enumerated().map { ($1, $0) }) { first, _ in first }

        // What changed: documents (by file and place in it) and terms' postings, with the filters' terms.
        var termChanges: [String: TermChange] = [:]
        var documentChanges: [Int: [Int: [UInt8]]] = [:]
        for change in changes {
            let old = change.old, new = change.new
            let globals = previous.documents(ofPart: change.number)
            guard change.number < partKeys.count, globals.count == old.documents.count,
                  old.documents.count == new.documents.count,
                  zip(old.documents, new.documents).allSatisfy({ $0.seconds == $1.seconds }),
                  Set(old.documents.compactMap(\.sender)) == Set(new.documents.compactMap(\.sender))
            else { return nil }
            for local in old.documents.indices where old.documents[local] != new.documents[local] {
                let global = globals[local]
                let document = new.documents[local], was = old.documents[local]
                let person = document.sender.flatMap { personNumber[$0] } ?? -1
                let oldPerson = was.sender.flatMap { personNumber[$0] } ?? -1
                var entry: [UInt8] = []
                SearchIndexFormat.appendDocument(document, part: change.number, person: person, to: &entry)
                documentChanges[Int(global) / SearchIndexBuilder.documentChunk, default: [:]][Int(global) % SearchIndexBuilder.documentChunk] = entry
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
            func mapped(_ list: [UInt32]) -> [UInt32] { list.map { globals[Int($0 >> 2)] << 2 | ($0 & 3) } }
            for (term, list) in old.postings {
                let now = new.postings[term] ?? []
                guard now != list else { continue }
                termChanges[term, default: .init(weighted: true)].remove += mapped(list)
                termChanges[term, default: .init(weighted: true)].add += mapped(now)
            }
            for (term, list) in new.postings where old.postings[term] == nil {
                termChanges[term, default: .init(weighted: true)].add += mapped(list)
            }
        }

        var files: [(path: String, contents: String)] = []
        var written = Set<String>()
        func emit(_ path: String, _ name: String, _ json: String) {
            files.append(("search/" + path, SearchIndexFormat.file(name: name, json: json)))
            written.insert(path)
        }

        // Document files: the changed entries put in place of the previous ones.
        let chunkCount = (documentCount + SearchIndexBuilder.documentChunk - 1) / SearchIndexBuilder.documentChunk
        var signatureSizes = previous.documentFiles.map(\.size)
        guard signatureSizes.count == chunkCount else { return nil }
        for number in documentChanges.keys.sorted() {
            let path = "d/\(number).js"
            guard let bytes = read(path), let payload = SearchIndexFormat.payload(of: bytes, name: "d/\(number)"),
                  var entries = Self.elements(of: payload),
                  entries.count == min(SearchIndexBuilder.documentChunk, documentCount - number * SearchIndexBuilder.documentChunk)
            else { return nil }
            sizes[path] = bytes.count
            for (slot, entry) in documentChanges[number]! { entries[slot] = entry[...] }
            emit(path, "d/\(number)", SearchIndexFormat.documentFile(entries))
            signatureSizes[number] = files.last!.contents.utf8.count
        }

        // Terms: each changed term's new postings, from its previous ones.
        var firstTerms = manifest.termFiles
        var loaded: [Int: [Entry]] = [:]
        func termFile(_ number: Int) -> [Entry]? {
            if let entries = loaded[number] { return entries }
            let path = "t/\(number).js"
            guard let bytes = read(path), let payload = SearchIndexFormat.payload(of: bytes, name: "t/\(number)"),
                  let elements = Self.elements(of: payload)
            else { return nil }
            var entries: [Entry] = []
            entries.reserveCapacity(elements.count)
            for element in elements {
                guard let term = Self.firstString(of: element) else { return nil }
                entries.append(Entry(term: term, text: Array(element)))
            }
            sizes[path] = bytes.count
            loaded[number] = entries
            return entries
        }
        func fileHolding(_ term: String) -> Int {
            // The last file whose first term is not after `term` (or the first file).
            var low = 0, high = firstTerms.count
            while low < high {
                let middle = (low + high) / 2
                if SearchIndexFormat.precedes(term, firstTerms[middle]) { high = middle } else { low = middle + 1 }
            }
            return max(0, low - 1)
        }
        var replacements: [Int: [String: [UInt8]?]] = [:]
        var termCount = previousStatistics.terms
        let changedTerms = termChanges.keys.sorted(by: SearchIndexFormat.precedes)
        for term in changedTerms {
            let change = termChanges[term]!
            let number = fileHolding(term)
            guard let entries = termFile(number) else { return nil }
            let oldEntry = entries.first { $0.term == term }
            var list: [UInt32] = []
            var oldBlocks: [Int]?
            if let oldEntry {
                guard let parsed = self.postings(of: oldEntry, sizes: &sizes) else { return nil }
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
                    emit("p/\(blockNumber).js", "p/\(blockNumber)", JavaScriptText.postings(block.text))
                }
            } else {
                guard encoded.inline != nil else { return nil }
            }
            if oldEntry == nil { termCount += 1 }
            replacements[number, default: [:]][term] = .some(Array(SearchIndexFormat.entry(encoded, blockNumbers: numbers).utf8))
        }

        // Term files: cut again from the first changed one, until the files end where they ended before.
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
                let json = "[" + entries.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",") + "]"
                emit("t/\(number).js", "t/\(number)", json)
                number += 1
                entries.removeAll()
            }
            while old < oldFileCount {
                guard let previousEntries = termFile(old) else { return nil }
                for entry in Self.merged(previousEntries, replacements[old] ?? [:]) {
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
        for number in fileCount..<oldFileCount where sizes["t/\(number).js"] == nil {
            guard termFile(number) != nil else { return nil }
        }

        // The changed conversations' pages, and the manifest.
        var conversations = manifest.conversations
        for change in changes {
            let globals = previous.documents(ofPart: change.number)
            let pages = change.new.pages.map { page in
                "[" + JavaScriptText.string(page.file) + ",\(page.first < globals.count ? Int(globals[page.first]) : documentCount)]"
            }
            guard let bytes = read("c/\(change.number).js") else { return nil }
            sizes["c/\(change.number).js"] = bytes.count
            emit("c/\(change.number).js", "c/\(change.number)", "[" + pages.joined(separator: ",") + "]")
            conversations[change.number] = (change.new.title, change.new.url)
        }
        var updatedManifest = manifest
        updatedManifest.conversations = conversations
        updatedManifest.termFiles = firstTerms
        emit("index.js", "index", updatedManifest.json)

        // What stays, and the new totals.
        var kept: [String] = []
        for number in 0..<fileCount where !written.contains("t/\(number).js") { kept.append("t/\(number).js") }
        for number in 0..<previous.blocks where !written.contains("p/\(number).js") { kept.append("p/\(number).js") }
        for number in 0..<chunkCount where !written.contains("d/\(number).js") { kept.append("d/\(number).js") }
        for number in 0..<partKeys.count where !written.contains("c/\(number).js") { kept.append("c/\(number).js") }
        var statistics = previousStatistics
        statistics.terms = termCount
        for (path, contents) in files {
            let name = String(path.dropFirst("search/".count))
            if let size = sizes[name] { statistics.bytes -= size } else { statistics.files += 1 }
            statistics.bytes += contents.utf8.count
        }
        for number in fileCount..<max(fileCount, oldFileCount) {
            statistics.files -= 1
            statistics.bytes -= sizes["t/\(number).js"]!
        }
        let digests = try SearchIndexBuilder.documentFileDigests(order: previous.order, partKeys: partKeys, people: manifest.people)
        var state = previous
        state.documentFiles = zip(digests, signatureSizes).map { .init(digest: $0, size: $1) }
        state.termFiles = fileCount
        return Result(files: files, kept: kept, statistics: statistics, state: state)
    }

    /// A term's previous postings (its entry's, or its blocks') and its blocks' numbers when it has blocks.
    private func postings(of entry: Entry, sizes: inout [String: Int]) -> (postings: [UInt32], blocks: [Int]?)? {
        guard let value = try? entry.text.withUnsafeBufferPointer({ try JSONParser.parse($0) }),
              case .array(let fields) = value, fields.count == 3
        else { return nil }
        switch fields[2] {
        case .string(let inline):
            return (PostingCoder.decode(inline).map { UInt32($0) }, nil)
        case .array(let blocks):
            var postings: [UInt32] = []
            var numbers: [Int] = []
            for block in blocks {
                guard case .array(let description) = block, case .number(let value)? = description.first,
                      let number = Int(exactly: value), let bytes = read("p/\(number).js"),
                      let payload = SearchIndexFormat.payload(of: bytes, name: "p/\(number)"), payload.count >= 2
                else { return nil }
                sizes["p/\(number).js"] = bytes.count
                postings += PostingCoder.decode(String(decoding: payload.dropFirst().dropLast(), as: UTF8.self)).map { UInt32($0) }
                numbers.append(number)
            }
            return (postings, numbers)
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

    /// A term file's entries with the replacements made: a new text for a term, or nil to take it out;
    /// terms not there yet are put in their place.
    private static func merged(_ entries: [Entry], _ replacements: [String: [UInt8]?]) -> [Entry] {
        guard !replacements.isEmpty else { return entries }
        var result: [Entry] = []
        result.reserveCapacity(entries.count + replacements.count)
        let inserted = replacements.filter { pair in !entries.contains { $0.term == pair.key } }
            .compactMap { pair in pair.value.map { Entry(term: pair.key, text: $0) } }
            .sorted { SearchIndexFormat.precedes($0.term, $1.term) }
        var next = 0
        for entry in entries {
            while next < inserted.count, SearchIndexFormat.precedes(inserted[next].term, entry.term) {
                result.append(inserted[next])
                next += 1
            }
            if let replacement = replacements[entry.term] {
                if let text = replacement { result.append(Entry(term: entry.term, text: text)) }
            } else {
                result.append(entry)
            }
        }
        result += inserted[next...]
        return result
    }

    /// The elements of the JSON array in `bytes`, as they are written.
    private static func elements(of bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>]? {
        Array(bytes).withUnsafeBufferPointer { buffer in
            JSONScanner(bytes: buffer).elements(ofArrayAt: 0).map { ranges in
                ranges.map { bytes[(bytes.startIndex + $0.lowerBound)..<(bytes.startIndex + $0.upperBound)] }
            }
        }
    }

    /// The string an entry starts with (`["term",...`).
    private static func firstString(of entry: ArraySlice<UInt8>) -> String? {
        let bytes = Array(entry)
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            guard buffer.count > 2, buffer[0] == UInt8(ascii: "["), let end = JSONScanner(bytes: buffer).endOfValue(at: 1),
                  case .string(let term)? = try? JSONParser.parse(UnsafeBufferPointer(rebasing: buffer[1..<end]))
            else { return nil }
            return term
        }
    }
}
