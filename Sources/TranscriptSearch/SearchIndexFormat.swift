import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// How the search index's files are written, shared by the full build (`SearchIndexBuilder`) and the update
/// of a previous index in place (`SearchIndexUpdate`), so that both give the same bytes.
package enum SearchIndexFormat {
    /// A file's whole text: a script that hands its data to the page.
    package static func file(name: String, json: String) -> String {
        fileStart(name) + json + fileEnd
    }

    /// The bytes of `file(name:json:)` as three parts to write one after another: the JSON's bytes are not copied.
    package static func fileParts(name: String, json: [UInt8]) -> [[UInt8]] {
        [Array(fileStart(name).utf8), json, fileEndBytes]
    }

    /// What comes before a file's JSON, and after it.
    private static func fileStart(_ name: String) -> String { "transcriptsIndex(" + JavaScriptText.string(name) + "," }
    private static let fileEnd = ");\n"
    private static let fileEndBytes = Array(fileEnd.utf8)

    /// The JSON inside a file's text made by `file(name:json:)`, when it is one.
    package static func payload(of bytes: [UInt8], name: String) -> ArraySlice<UInt8>? {
        let prefix = Array(fileStart(name).utf8)
        let suffix = fileEndBytes
        guard bytes.count >= prefix.count + suffix.count, bytes.starts(with: prefix), bytes.suffix(suffix.count).elementsEqual(suffix)
        else { return nil }
        return bytes[prefix.count..<(bytes.count - suffix.count)]
    }

    /// A term's entry in its term file: the term, its document count, and its postings or its blocks (by
    /// number, with their first and last document and their count) followed by its newest postings.
    static func entry(_ term: SearchIndexBuilder.EncodedTerm, blockNumbers: [Int]) -> String {
        // Written as bytes, the numbers as digits straight into them, not with `+` and interpolation (eight
        // appends to a growing string, a text per number).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(term.term.utf8.count + (term.inline?.utf8.count ?? 0) + 32 + 48 * blockNumbers.count)
        bytes.append(UInt8(ascii: "["))
        JavaScriptText.append(term.term, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendDecimal(Int64(term.count), to: &bytes)
        bytes.append(UInt8(ascii: ","))
        if let inline = term.inline {
            JavaScriptText.appendPostings(inline, to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        } else {
            precondition(blockNumbers.count == term.blocks.count)
            bytes.append(UInt8(ascii: "["))
            for (position, (number, block)) in zip(blockNumbers, term.blocks).enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(UInt8(ascii: "["))
                for (index, value) in [number, block.first, block.last, block.count].enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    appendDecimal(Int64(value), to: &bytes)
                }
                bytes.append(UInt8(ascii: "]"))
            }
            bytes += [UInt8(ascii: "]"), UInt8(ascii: ",")]
            JavaScriptText.appendPostings(term.tail ?? "", to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Adds a document to its document file's columns (`SearchDocumentColumns`).
    static func appendDocument(_ document: SearchDocument, part: Int, person: Int, to columns: inout SearchDocumentColumns) {
        columns.append(SearchDocumentColumns.Entry(document, part: part, person: person))
    }

    /// Adds the document at `position` of `documents` (see `appendDocument(_:part:person:to:)`), made from its
    /// fields in place.
    static func appendDocument(
        _ position: Int, of documents: SearchDocumentList, part: Int, person: Int, to columns: inout SearchDocumentColumns
    ) {
        withUnsafePointer(to: documents) { appendDocument(position, of: $0, part: part, person: person, to: &columns) }
    }

    /// `appendDocument(_:of:part:person:to:)` of the list at `list`, read where it is (a list passed on, or read
    /// through a pointer into a variable, is copied: every array of it retained and released again). Not inlined:
    /// inlined into a loop, it copied the whole list for each document.
    @inline(never)
    static func appendDocument(
        _ position: Int, of list: UnsafePointer<SearchDocumentList>, part: Int, person: Int, to columns: inout SearchDocumentColumns
    ) {
        // Read before the closure: a closure that reads the list may copy it.
        let seconds = list.pointee.seconds(at: position), page = list.pointee.page(at: position)
        let kinds = list.pointee.kinds(at: position).rawValue, isCut = list.pointee.isCut(at: position)
        SearchDocumentList.withAnchorAndText(of: list, at: position) { anchor, text in
            columns.append(
                part: part, person: person, seconds: seconds, page: page, anchor: anchor, kinds: kinds, text: text, isCut: isCut)
        }
    }

    /// Appends `value` in decimal digits (with a minus sign when negative), as `String(value)` writes it.
    static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // The magnitude, as unsigned: `Int64.min` has no positive counterpart.
        var magnitude = value.magnitude
        guard magnitude >= 10 else {
            bytes.append(UInt8(ascii: "0") &+ UInt8(magnitude))
            return
        }
        // Room for the 20 digits of the largest magnitude, filled from the end, and appended as a buffer (a
        // slice of raw bytes would go through the slower generic `append(contentsOf:)`).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var end = buffer.count
            repeat {
                end -= 1
                buffer[end] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[end...]))
        }
    }

    /// A document file's JSON, packed (`packedDocuments(_:)`), with `entries` as its documents.
    static func documentFile(_ entries: [SearchDocumentColumns.Entry]) -> String {
        var columns = SearchDocumentColumns(capacity: entries.count)
        for entry in entries { columns.append(entry) }
        return String(decoding: packedDocuments(columns.json), as: UTF8.self)
    }

    /// A document file's JSON (`SearchDocumentColumns`) as the file holds it: a JSON string of the JSON's bytes
    /// deflated (a raw deflate stream) and written in Z85 (`Z85`), which the page inflates with
    /// `DecompressionStream("deflate-raw")`. Messages side by side share their words, names and pages: a file of
    /// 256 takes about a third of its JSON's bytes. Z85 takes 5 characters for 4 bytes, base64 6.
    package static func packedDocuments(_ json: [UInt8]) -> [UInt8] {
        let deflated = LibDeflate.deflateRaw(json, level: documentCompression)
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        Z85.encode(deflated, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        return bytes
    }

    /// The JSON of a packed document file's payload (`packedDocuments(_:)`); nil when it is not one.
    package static func unpackedDocuments(_ payload: ArraySlice<UInt8>) -> [UInt8]? {
        guard payload.count >= 2, payload.first == UInt8(ascii: "\""), payload.last == UInt8(ascii: "\""),
              let deflated = Z85.decode(payload.dropFirst().dropLast())
        else { return nil }
        return try? Zlib.inflateRaw(deflated, limit: maximumDocumentFileBytes)
    }

    /// libdeflate's level for document files. On 600 files of a million messages (256 a file), level 1 takes
    /// 0.39 of level 6's time for files 5 % larger: a search downloads about a kilobyte more, and a build of a
    /// million messages spends 4 % less time.
    static let documentCompression: Int32 = 1

    /// The most bytes a document file's JSON may unpack to when an update reads it back: far more than
    /// `SearchIndexBuilder.documentChunk(documents:)` documents of cut texts take.
    static let maximumDocumentFileBytes = 64 << 20

    /// What the manifest lists besides the files' first terms.
    struct Manifest: Equatable {
        package var documents: Int
        package var timeZone: String
        package var locale: String
        package var conversations: [(title: String, url: String)]
        var people: [String]
        /// Each month with its first document.
        package var months: [(month: String, first: Int)]
        /// The first term of each term file.
        var termFiles: [String]

        static func == (a: Manifest, b: Manifest) -> Bool {
            a.documents == b.documents && a.timeZone == b.timeZone && a.locale == b.locale
                && a.conversations.elementsEqual(b.conversations) { $0 == $1 } && a.people == b.people
                && a.months.elementsEqual(b.months) { $0 == $1 } && a.termFiles == b.termFiles
        }

        package var json: String {
            "{\"version\":3,\"documents\":\(documents),\"blockSize\":\(SearchIndexBuilder.blockSize),\"documentChunk\":\(SearchIndexBuilder.documentChunk(documents: documents)),"
                + "\"timeZone\":" + JavaScriptText.string(timeZone) + ",\"locale\":" + JavaScriptText.string(locale) + ","
                + "\"conversations\":[" + conversations.map { "{\"title\":" + JavaScriptText.string($0.title) + ",\"url\":" + JavaScriptText.string($0.url) + "}" }.joined(separator: ",") + "],"
                + "\"people\":[" + people.map(JavaScriptText.string).joined(separator: ",") + "],"
                + "\"kinds\":[" + SearchKinds.named.map { JavaScriptText.string($0.name) }.joined(separator: ",") + "],"
                + "\"months\":[" + months.map { "[" + JavaScriptText.string($0.month) + ",\($0.first)]" }.joined(separator: ",") + "],"
                + "\"termFiles\":[" + termFiles.map(JavaScriptText.string).joined(separator: ",") + "]}"
        }

        init(
            documents: Int, timeZone: String, locale: String, conversations: [(title: String, url: String)], people: [String],
            months: [(month: String, first: Int)], termFiles: [String]
        ) {
            self.documents = documents
            self.timeZone = timeZone
            self.locale = locale
            self.conversations = conversations
            self.people = people
            self.months = months
            self.termFiles = termFiles
        }

        /// Reads back what `json` wrote; nil when it is not such a manifest.
        init?(json value: JSONValue) {
            guard case .object(let object) = value,
                  case .number(let documents)? = object["documents"], let documentCount = Int(exactly: documents),
                  case .string(let timeZone)? = object["timeZone"], case .string(let locale)? = object["locale"],
                  case .array(let conversations)? = object["conversations"], case .array(let people)? = object["people"],
                  case .array(let months)? = object["months"], case .array(let termFiles)? = object["termFiles"]
            else { return nil }
            var parsedConversations: [(title: String, url: String)] = []
            for conversation in conversations {
                guard case .object(let fields) = conversation, case .string(let title)? = fields["title"],
                      case .string(let url)? = fields["url"]
                else { return nil }
                parsedConversations.append((title, url))
            }
            var parsedMonths: [(month: String, first: Int)] = []
            for month in months {
                guard case .array(let pair) = month, pair.count == 2, case .string(let name) = pair[0],
                      case .number(let first) = pair[1], let number = Int(exactly: first)
                else { return nil }
                parsedMonths.append((name, number))
            }
            let names = people.compactMap { if case .string(let name) = $0 { name } else { nil } }
            let firsts = termFiles.compactMap { if case .string(let term) = $0 { term } else { nil } }
            guard names.count == people.count, firsts.count == termFiles.count else { return nil }
            self.init(
                documents: documentCount, timeZone: timeZone, locale: locale, conversations: parsedConversations,
                people: names, months: parsedMonths, termFiles: firsts)
        }
    }

    /// Where term files end. A file closes after a term whose digest picks it once the file holds
    /// `minimumBytes`, or at `maximumBytes` in any case: the ends depend only on the terms near them, so a
    /// changed entry changes its own file and seldom the next one, and an update rewrites only those.
    struct TermFileBoundaries {
        static let minimumBytes = 6 * 1024
        static let maximumBytes = 16 * 1024
        /// One term in this many ends a file (once it is past `minimumBytes`).
        static let spacing: UInt64 = 16

        package private(set) var bytes = 0

        /// Adds an entry; true when its file ends after it.
        package mutating func add(term: String, entryBytes: Int) -> Bool {
            bytes += entryBytes
            guard bytes >= Self.minimumBytes else { return false }
            var digest = FastDigest()
            digest.add(term)
            guard bytes >= Self.maximumBytes || digest.value % Self.spacing == 0 else { return false }
            bytes = 0
            return true
        }
    }

    /// Whether `a` sorts before `b` as scripts compare strings (by UTF-16 code units).
    static func precedes(_ a: String, _ b: String) -> Bool {
        TermOrder.utf16Precedes(a, b)
    }
}
