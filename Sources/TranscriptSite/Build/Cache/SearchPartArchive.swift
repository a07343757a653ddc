import Foundation
import TranscriptModel
import TranscriptSearch
import TranscriptSupport

/// A conversation's share of the search index as bytes, so that the build cache can keep it and a later
/// build can add it to the index without reading the conversation again.
enum SearchPartArchive {
    private static let magic = "transcripts search part 1"

    static func encode(_ part: SearchConversationPart) -> [UInt8] {
        var writer = BinaryWriter()
        // About what it takes: the texts, a few bytes a document and a posting, and the terms.
        writer.reserveCapacity(
            part.documents.textBytes + part.documents.count * 24 + part.postings.count * 16 + part.postings.postingCount * 2 + 256)
        writer.write(magic)
        writer.write(part.title)
        writer.write(part.url)
        writer.write(part.documents.count)
        let documents = part.documents
        for position in documents.indices {
            writer.write(signed: documents.seconds(at: position))
            writer.write(documents.sender(at: position))
            writer.write(documents.page(at: position))
            documents.withAnchorAndText(at: position) { anchor, text in
                writer.write(utf8: anchor)
                writer.write(UInt64(documents.kinds(at: position).rawValue))
                writer.write(utf8: text)
            }
            writer.write(documents.isCut(at: position))
        }
        writer.write(part.postings.count)
        // In the order of their bytes (as the part keeps them), so that the same part gives the same bytes.
        for (number, term) in part.postings.terms.enumerated() {
            let list = part.postings.list(at: number)
            writer.write(term)
            writer.write(list.count)
            var previous: UInt32 = 0
            for posting in list {
                // Ascending, so the differences are small; wrapping keeps any order exact.
                writer.write(UInt64(posting &- previous))
                previous = posting
            }
        }
        writer.write(part.pages.count)
        for page in part.pages {
            writer.write(page.file)
            writer.write(page.first)
        }
        return writer.bytes
    }

    /// The part `encode` wrote; throws on bytes it did not write.
    static func decode(_ bytes: [UInt8]) throws -> SearchConversationPart {
        var reader = BinaryReader(bytes)
        guard try reader.readString() == magic else { throw BinaryReader.Truncated() }
        var part = SearchConversationPart(title: try reader.readString(), url: try reader.readString())
        let documentCount = try reader.readCount()
        part.documents.reserveCapacity(documentCount)
        for _ in 0..<documentCount {
            let seconds = try reader.readSigned()
            let sender = try reader.readOptionalString()
            let page = try reader.readString()
            let anchor = try reader.readString()
            let kinds = SearchKinds(rawValue: UInt16(truncatingIfNeeded: try reader.readUInt64()))
            let text = try reader.readString()
            part.documents.append(SearchDocument(
                seconds: seconds, sender: sender, page: page, anchor: anchor, kinds: kinds, text: text,
                isCut: try reader.readBool()))
        }
        let termCount = try reader.readCount()
        var postings: [String: [UInt32]] = [:]
        postings.reserveCapacity(termCount)
        for _ in 0..<termCount {
            let term = try reader.readString()
            let count = try reader.readCount()
            var list = [UInt32]()
            list.reserveCapacity(count)
            var previous: UInt32 = 0
            for _ in 0..<count {
                previous = previous &+ UInt32(truncatingIfNeeded: try reader.readUInt64())
                list.append(previous)
            }
            postings[term] = list
        }
        part.postings = SearchPostings(postings)
        let pageCount = try reader.readCount()
        for _ in 0..<pageCount {
            part.pages.append((try reader.readString(), try reader.readInt()))
        }
        guard reader.isAtEnd else { throw BinaryReader.Truncated() }
        return part
    }
}
