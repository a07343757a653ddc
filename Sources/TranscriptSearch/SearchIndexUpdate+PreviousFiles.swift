import TranscriptJSON
import TranscriptModel

/// How an update reads the previous index: its files (each read once, with their sizes) and their entries as
/// they are written.
extension SearchIndexUpdate {
    /// A term file's entry as it is written.
    package struct Entry {
        package var term: String
        package var text: [UInt8]
    }

    /// The previous index's files as the update reads them (each read once), with their sizes.
    final class PreviousFiles {
        package let read: (String) -> [UInt8]?
        /// By name (`t/3`), the size of each file read.
        package private(set) var sizes: [String: Int] = [:]
        private var termFiles: [Int: [Entry]] = [:]

        init(read: @escaping (String) -> [UInt8]?) { self.read = read }

        /// The file called `name` (such as `t/3`), when it is as the previous build wrote it.
        package func bytes(_ name: String) -> [UInt8]? {
            guard let bytes = read(name + ".js") else { return nil }
            sizes[name] = bytes.count
            return bytes
        }

        /// The JSON inside the file called `name`.
        package func payload(_ name: String) -> ArraySlice<UInt8>? {
            bytes(name).flatMap { SearchIndexFormat.payload(of: $0, name: name) }
        }

        /// The elements of the array the file called `name` holds, as written.
        package func elements(of name: String) -> [ArraySlice<UInt8>]? {
            payload(name).flatMap(SearchIndexUpdate.elements)
        }

        /// The documents of the packed document file called `name` (such as `d/3`).
        package func documents(of name: String) -> [SearchDocumentColumns.Entry]? {
            payload(name).flatMap(SearchIndexFormat.unpackedDocuments).flatMap(SearchDocumentColumns.entries(ofJSON:))
        }

        package func manifest() -> SearchIndexFormat.Manifest? {
            guard let payload = payload("index"),
                  let value = try? payload.withUnsafeBufferPointer({ try JSONParser.parse($0) })
            else { return nil }
            return SearchIndexFormat.Manifest(json: value)
        }

        /// The entries of term file `number`.
        func termFile(_ number: Int) -> [Entry]? {
            if let entries = termFiles[number] { return entries }
            guard let elements = elements(of: "t/\(number)") else { return nil }
            var entries: [Entry] = []
            entries.reserveCapacity(elements.count)
            for element in elements {
                guard let term = SearchIndexUpdate.firstString(of: element) else { return nil }
                entries.append(Entry(term: term, text: Array(element)))
            }
            termFiles[number] = entries
            return entries
        }
    }

    /// A term file's entries with the replacements made: a new text for a term, or nil to take it out;
    /// terms not there yet are put in their place.
    package static func merged(_ entries: [Entry], _ replacements: [String: [UInt8]?]) -> [Entry] {
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
    package static func elements(of bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>]? {
        Array(bytes).withUnsafeBufferPointer { buffer in
            JSONScanner(bytes: buffer).elements(ofArrayAt: 0).map { ranges in
                ranges.map { bytes[(bytes.startIndex + $0.lowerBound)..<(bytes.startIndex + $0.upperBound)] }
            }
        }
    }

    /// The string an entry starts with (`["term",...`).
    static func firstString(of entry: ArraySlice<UInt8>) -> String? {
        let bytes = Array(entry)
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            guard buffer.count > 2, buffer[0] == UInt8(ascii: "["), let end = JSONScanner(bytes: buffer).endOfValue(at: 1),
                  case .string(let term)? = try? JSONParser.parse(UnsafeBufferPointer(rebasing: buffer[1..<end]))
            else { return nil }
            return term
        }
    }
}
