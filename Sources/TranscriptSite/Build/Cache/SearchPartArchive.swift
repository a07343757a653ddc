import Foundation
import TranscriptModel
import TranscriptSearch
import TranscriptSupport

/// A conversation's share of the search index as bytes, so that the build cache can keep it and a later
/// build can add it to the index without reading the conversation again.
enum SearchPartArchive {
    private static let magic = "transcripts search part 1"

    static func encode(_ part: SearchConversationPart) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(part) { bytes += $0 }
        return bytes
    }

    /// Writes `encode(_:)`'s bytes to a new file at `url`: its size. The bytes are made and written a piece at a
    /// time, so a big conversation's part is never held twice, once as itself and once as bytes.
    static func write(_ part: SearchConversationPart, to url: URL) throws -> Int {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw TranscriptsError(file: url.path, message: "cannot create the file")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var size = 0
        var failure: (any Error)?
        encode(part) { piece in
            guard failure == nil else { return }
            do {
                try handle.write(contentsOf: piece)
                size += piece.count
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return size
    }

    /// How many bytes `encode(_:handingOn:)` makes before it hands them on.
    private static let pieceSize = 1 << 20

    /// Makes the part's bytes and hands them to `handOn` in order, a piece of about `pieceSize` bytes at a time.
    private static func encode(_ part: SearchConversationPart, handingOn handOn: ([UInt8]) -> Void) {
        var writer = BinaryWriter()
        writer.reserveCapacity(pieceSize + (64 << 10))
        func handOnIfFull() {
            if writer.bytes.count >= pieceSize { handOn(writer.takeBytes()) }
        }
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
            if writer.bytes.count >= pieceSize {
                handOn(writer.takeBytes())
                // Texts moved out of memory (`SearchDocumentList.spillTexts`) are read back to be written: their
                // pages are handed back a piece at a time, not once the part is written.
                documents.releaseSpilledPages()
            }
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
            handOnIfFull()
        }
        writer.write(part.pages.count)
        for page in part.pages {
            writer.write(page.file)
            writer.write(page.first)
        }
        handOn(writer.takeBytes())
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
