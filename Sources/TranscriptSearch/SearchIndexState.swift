import TranscriptModel
import TranscriptSupport

/// What a build keeps of the search index it wrote (in the build cache), so that the next build can take
/// document files over or update the index in place: the document files' signatures, the conversation of
/// each document in index order, and how many term files and posting blocks there are.
package struct SearchIndexState: Equatable, Sendable {
    package var documentFiles: [SearchIndexBuilder.DocumentFileSignature]
    /// The number of the conversation (its part) of each document, in index order.
    var partOfDocument: [UInt32]
    var termFiles: Int
    package var blocks: Int

    private static let header = "search index state \(SearchIndexBuilder.formatVersion)"

    /// The documents' order as the builder made it: each document's part and its place in that part.
    package var order: [(part: Int32, local: Int32)] {
        var next: [Int32] = []
        return partOfDocument.map { part in
            let number = Int(part)
            if number >= next.count { next += [Int32](repeating: 0, count: number - next.count + 1) }
            defer { next[number] += 1 }
            return (Int32(number), next[number])
        }
    }

    /// Every file of the index (paths under `search/`) for `parts` conversations: the manifest, the term files,
    /// the posting blocks, the document files and the conversations' page tables.
    package func files(parts: Int) -> [String] {
        var files = ["index.js"]
        for (prefix, count) in [("t/", termFiles), ("p/", blocks), ("d/", documentFiles.count), ("c/", parts)] {
            for number in 0..<count { files.append(prefix + "\(number).js") }
        }
        return files
    }

    /// The index number of each document of part `part`, in the part's order.
    package func documents(ofPart part: Int) -> [UInt32] {
        var numbers: [UInt32] = []
        for (global, owner) in partOfDocument.enumerated() where owner == UInt32(part) { numbers.append(UInt32(global)) }
        return numbers
    }

    package func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(Self.header)
        writer.write(documentFiles.count)
        for signature in documentFiles {
            writer.write(signature.digest)
            writer.write(signature.size)
        }
        writer.write(partOfDocument.count)
        for part in partOfDocument { writer.write(UInt64(part)) }
        writer.write(termFiles)
        writer.write(blocks)
        return writer.bytes
    }

    package init(documentFiles: [SearchIndexBuilder.DocumentFileSignature], partOfDocument: [UInt32], termFiles: Int, blocks: Int) {
        self.documentFiles = documentFiles
        self.partOfDocument = partOfDocument
        self.termFiles = termFiles
        self.blocks = blocks
    }

    /// Reads what `encoded()` wrote; nil when it cannot.
    package init?(_ bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        do {
            guard try reader.readString() == Self.header else { return nil }
            let fileCount = try reader.readCount()
            documentFiles = []
            documentFiles.reserveCapacity(fileCount)
            for _ in 0..<fileCount {
                documentFiles.append(.init(digest: try reader.readUInt64(), size: try reader.readInt()))
            }
            let documentCount = try reader.readCount()
            partOfDocument = []
            partOfDocument.reserveCapacity(documentCount)
            for _ in 0..<documentCount {
                guard let part = UInt32(exactly: try reader.readUInt64()) else { return nil }
                partOfDocument.append(part)
            }
            termFiles = try reader.readInt()
            blocks = try reader.readInt()
            guard reader.isAtEnd else { return nil }
        } catch {
            return nil
        }
    }
}
