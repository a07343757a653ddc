import TranscriptJSON
import TranscriptSupport

/// The documents of a conversation's share of the search index, kept compactly: the index holds one per
/// message of the whole site until it is written, so a document costs about 40 bytes and its text's bytes
/// here, where a `SearchDocument` (five strings, the text in its own allocation) costs about 200.
///
/// Each document's time, kinds, sender and page are kept in arrays of numbers (a sender and a page by their
/// number in a list of the distinct ones), its anchor and text as UTF-8 bytes one after another in one
/// buffer. Reading an element makes the `SearchDocument` again; the index reads fields in place (`seconds(at:)`,
/// `senderNumber(at:)`, `withAnchorAndText(at:_:)`, ...) without making strings.
///
/// A big conversation's anchors and texts can be moved out of memory as its pages are rendered
/// (`spillTexts(to:)`): held in files mapped read-only until the index is written, they do not add up to the
/// conversation's texts held twice, once in its messages and once here.
package struct SearchDocumentList: RandomAccessCollection, Equatable, Sendable {
    package typealias Index = Int

    private var times = SpillableArray<Int64>()
    /// The kinds' raw value, with `cutFlag` set when the text was cut.
    private var flags = SpillableArray<UInt16>()
    /// A number in `senders`, or `noSender`.
    private var senderNumbers = SpillableArray<UInt32>()
    /// The distinct senders, in the order they first occur.
    package private(set) var senders: [String] = []
    private var senderIndex: [String: UInt32] = [:]
    private var pageNumbers = SpillableArray<UInt32>()
    private var pages: [String] = []
    private var pageIndex: [String: UInt32] = [:]
    /// Each document's anchor and then its text, as UTF-8: those after `spilled`'s.
    private var bytes: [UInt8] = []
    /// Where `bytes` begins among all of the documents' anchors and texts.
    private var bytesStart = 0
    /// The anchors and texts moved out of memory, in order: each file's bytes begin at `start`, and hold whole
    /// documents.
    private var spilled: [(start: Int, file: MappedFile)] = []
    /// Two per document: where its anchor ends and where its text ends among all the anchors and texts.
    private var ends = SpillableArray<Int>()

    private static let cutFlag: UInt16 = 1 << 15
    private static let noSender = UInt32.max

    package init() {}

    package init(_ documents: some Sequence<SearchDocument>) {
        for document in documents { append(document) }
    }

    /// How many bytes the documents' anchors and texts take, together.
    package var textBytes: Int { bytesStart + bytes.count }

    /// How many of those bytes are held in memory (not moved out by `spillTexts(to:)`).
    package var textBytesInMemory: Int { bytes.count }

    package var startIndex: Int { 0 }
    package var endIndex: Int { times.count }

    package subscript(position: Int) -> SearchDocument {
        withAnchorAndText(at: position) { anchor, text in
            SearchDocument(
                seconds: times[position], sender: sender(at: position), page: page(at: position),
                anchor: String(decoding: anchor, as: UTF8.self), kinds: kinds(at: position),
                text: String(decoding: text, as: UTF8.self), isCut: isCut(at: position))
        }
    }

    // MARK: - Fields in place

    /// Seconds since 1970 (UTC) of the document at `position`.
    package func seconds(at position: Int) -> Int64 { times[position] }

    package func kinds(at position: Int) -> SearchKinds { SearchKinds(rawValue: flags[position] & ~Self.cutFlag) }

    package func isCut(at position: Int) -> Bool { flags[position] & Self.cutFlag != 0 }

    /// The sender's number in `senders`, or nil when the message has none.
    package func senderNumber(at position: Int) -> Int? {
        let number = senderNumbers[position]
        return number == Self.noSender ? nil : Int(number)
    }

    package func sender(at position: Int) -> String? { senderNumber(at: position).map { senders[$0] } }

    package func page(at position: Int) -> String { pages[Int(pageNumbers[position])] }

    /// The number of the page of the document at `position` among this list's pages: the same for the same page.
    package func pageNumber(at position: Int) -> UInt32 { pageNumbers[position] }

    /// Calls `body` with the UTF-8 bytes of the document's anchor and of its text.
    package func withAnchorAndText<Result>(
        at position: Int, _ body: (_ anchor: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        let anchor = anchorRange(position), text = textRange(position)
        if anchor.lowerBound >= bytesStart {
            return try bytes.withUnsafeBufferPointer { all in
                try body(
                    UnsafeBufferPointer(rebasing: all[(anchor.lowerBound - bytesStart)..<(anchor.upperBound - bytesStart)]),
                    UnsafeBufferPointer(rebasing: all[(text.lowerBound - bytesStart)..<(text.upperBound - bytesStart)]))
            }
        }
        let (fileStart, file) = spilled[Self.spilledFile(holding: anchor.lowerBound, in: spilled)]
        return try body(
            UnsafeBufferPointer(rebasing: file.bytes[(anchor.lowerBound - fileStart)..<(anchor.upperBound - fileStart)]),
            UnsafeBufferPointer(rebasing: file.bytes[(text.lowerBound - fileStart)..<(text.upperBound - fileStart)]))
    }

    /// The number of the last file of `spilled` that begins at or before `offset` (a document lies in one file).
    private static func spilledFile(holding offset: Int, in spilled: [(start: Int, file: MappedFile)]) -> Int {
        var low = 0, high = spilled.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if spilled[middle].start <= offset { low = middle } else { high = middle }
        }
        return low
    }

    /// `withAnchorAndText(at:_:)` of the list at `list`, read where it is: its fields one by one (the method, called
    /// on a list read through a pointer, copied the list for the call, each of its arrays retained and released:
    /// from both cores at once when the index's document files are written).
    package static func withAnchorAndText<Result>(
        of list: UnsafePointer<SearchDocumentList>, at position: Int,
        _ body: (_ anchor: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        let anchor = list.pointee.anchorRange(position), text = list.pointee.textRange(position)
        let start = list.pointee.bytesStart
        if anchor.lowerBound >= start {
            return try list.pointee.bytes.withUnsafeBufferPointer { all in
                try body(
                    UnsafeBufferPointer(rebasing: all[(anchor.lowerBound - start)..<(anchor.upperBound - start)]),
                    UnsafeBufferPointer(rebasing: all[(text.lowerBound - start)..<(text.upperBound - start)]))
            }
        }
        let (fileStart, file) = list.pointee.spilled[Self.spilledFile(holding: anchor.lowerBound, in: list.pointee.spilled)]
        return try body(
            UnsafeBufferPointer(rebasing: file.bytes[(anchor.lowerBound - fileStart)..<(anchor.upperBound - fileStart)]),
            UnsafeBufferPointer(rebasing: file.bytes[(text.lowerBound - fileStart)..<(text.upperBound - fileStart)]))
    }

    private func anchorRange(_ position: Int) -> Range<Int> {
        (position == 0 ? 0 : ends[2 * position - 1])..<ends[2 * position]
    }

    private func textRange(_ position: Int) -> Range<Int> { ends[2 * position]..<ends[2 * position + 1] }

    /// Whether the document at `position` equals the one at `otherPosition` of `other`, compared in place.
    package func documentEquals(at position: Int, _ other: SearchDocumentList, at otherPosition: Int) -> Bool {
        times[position] == other.times[otherPosition] && flags[position] == other.flags[otherPosition]
            && sender(at: position) == other.sender(at: otherPosition) && page(at: position) == other.page(at: otherPosition)
            && withAnchorAndText(at: position) { anchor, text in
                other.withAnchorAndText(at: otherPosition) { otherAnchor, otherText in
                    anchor.elementsEqual(otherAnchor) && text.elementsEqual(otherText)
                }
            }
    }

    package static func == (a: SearchDocumentList, b: SearchDocumentList) -> Bool {
        a.count == b.count && a.indices.allSatisfy { a.documentEquals(at: $0, b, at: $0) }
    }

    // MARK: - Adding

    /// Room for `count` documents in all: their fields, and their anchors and texts at the average size of the
    /// documents held so far, and an eighth more. A conversation's list is joined chunk by chunk as its pages are
    /// rendered: its bytes doubled a dozen times, each time copied into memory the system had to clear and map
    /// again (at 1M messages, a quarter of the build's page clearing). Without `texts`, room for the fields alone
    /// (for a list whose texts are moved out of memory as it grows).
    package mutating func reserveCapacity(_ count: Int, texts: Bool = true) {
        times.reserveCapacity(count)
        flags.reserveCapacity(count)
        senderNumbers.reserveCapacity(count)
        pageNumbers.reserveCapacity(count)
        ends.reserveCapacity(2 * count)
        if texts, !isEmpty, count > self.count {
            bytes.reserveCapacity(bytes.count + textBytes * (count - self.count) / self.count * 9 / 8)
        }
    }

    /// Moves the anchors and texts held in memory into a file of their own in `folder` (see
    /// `MappedFile.spilling(_:in:)`); the documents read the same.
    package mutating func spillTexts(to folder: String) throws {
        guard !bytes.isEmpty else { return }
        spilled.append((bytesStart, try MappedFile.spilling(bytes, in: folder)))
        bytesStart += bytes.count
        bytes = []
    }

    /// Moves the whole list out of memory into files of its own in `folder`: its anchors and texts (as
    /// `spillTexts(to:)` does) and its numbers (times, kinds, senders, pages, where texts end), in one file mapped
    /// read-only. The documents read the same; nothing is added to the list after. The pages read are handed back
    /// by `releaseMovedOutPages()`.
    package mutating func moveOut(to folder: String) throws {
        precondition(!isMovedOut, "a list is moved out once")
        try spillTexts(to: folder)
        guard !isEmpty else { return }
        var offsets: [Int] = []
        let file = try MappedFile.spilling(in: folder) { writer in
            offsets = [
                try times.write(to: &writer), try flags.write(to: &writer), try senderNumbers.write(to: &writer),
                try pageNumbers.write(to: &writer), try ends.write(to: &writer),
            ]
        }
        times.useMoved(file, at: offsets[0])
        flags.useMoved(file, at: offsets[1])
        senderNumbers.useMoved(file, at: offsets[2])
        pageNumbers.useMoved(file, at: offsets[3])
        ends.useMoved(file, at: offsets[4])
    }

    /// Hands back the pages of a moved-out list's numbers up to document `position`, for a reader going through
    /// the documents in order: `mark` is what the call before returned (0 at first), and the position to pass next
    /// time. From a little before `mark`, as `releaseSpilledPages(from:before:)` does (the system maps a file's
    /// pages a folio at a time).
    package func releaseMovedOutPages(from mark: Int, before position: Int) -> Int {
        guard isMovedOut, position > mark else { return mark }
        // A folio's worth of the widest numbers (8 bytes) before the mark.
        let start = Swift.max(mark - Self.largestFolio / 8, 0)
        times.releasePages(start..<position)
        flags.releasePages(start..<position)
        senderNumbers.releasePages(start..<position)
        pageNumbers.releasePages(start..<position)
        ends.releasePages((2 * start)..<(2 * position))
        return position
    }

    /// Whether the list was moved out of memory (`moveOut(to:)`).
    package var isMovedOut: Bool { times.isMovedOut }

    /// Hands back the memory of every page of a moved-out list's numbers that was read (the texts' pages are
    /// handed back by `releaseSpilledPages`): reading them again reads the file again.
    package func releaseMovedOutPages() {
        times.releasePages()
        flags.releasePages()
        senderNumbers.releasePages()
        pageNumbers.releasePages()
        ends.releasePages()
    }

    package mutating func append(_ document: SearchDocument) {
        appendFields(
            seconds: document.seconds, flags: document.kinds.rawValue | (document.isCut ? Self.cutFlag : 0),
            sender: document.sender, page: document.page)
        bytes.append(contentsOf: document.anchor.utf8)
        ends.append(textBytes)
        bytes.append(contentsOf: document.text.utf8)
        ends.append(textBytes)
    }

    /// Hands back the memory of the pages of texts moved out by `spillTexts(to:)` that were read: reading them
    /// again reads their file again.
    package func releaseSpilledPages() {
        for (_, file) in spilled { file.release(0..<file.bytes.count) }
    }

    /// Hands back the pages of spilled texts up to where document `position` begins, for a reader going through
    /// the documents in order: `mark` is what the call before returned (0 at first), and the offset (among all the
    /// anchors and texts) to pass next time.
    ///
    /// Pages from a little before `mark` are handed back again: the system maps a file's pages a block (a folio,
    /// up to 2 MiB) at a time, so reading the documents after `mark` may have mapped some before it again.
    package func releaseSpilledPages(from mark: Int, before position: Int) -> Int {
        let end = Swift.min(position < count ? anchorRange(position).lowerBound : textBytes, bytesStart)
        guard end > mark else { return mark }
        let start = Swift.max(mark - Self.largestFolio, 0)
        for (fileStart, file) in spilled where fileStart < end && fileStart + file.bytes.count > start {
            file.release(Swift.max(start - fileStart, 0)..<Swift.min(end - fileStart, file.bytes.count))
        }
        return end
    }

    /// The most bytes of a file the system maps at once (a PMD-sized folio of its page cache).
    private static let largestFolio = 2 << 20

    /// Appends the document at `position` of `other`, copied in place.
    package mutating func append(_ other: SearchDocumentList, at position: Int) {
        appendFields(seconds: other.times[position], flags: other.flags[position], sender: other.sender(at: position), page: other.page(at: position))
        other.withAnchorAndText(at: position) { anchor, text in
            bytes += anchor
            ends.append(textBytes)
            bytes += text
            ends.append(textBytes)
        }
    }

    /// Appends every document of `other`.
    package mutating func append(contentsOf other: SearchDocumentList) {
        guard !other.isEmpty else { return }
        if isEmpty {
            self = other
            return
        }
        let senderMap = other.senders.map { Self.number(of: $0, in: &senders, index: &senderIndex) }
        let pageMap = other.pages.map { Self.number(of: $0, in: &pages, index: &pageIndex) }
        times.append(contentsOf: other.times)
        flags.append(contentsOf: other.flags)
        senderNumbers.append(contentsOf: other.senderNumbers.lazy.map { $0 == Self.noSender ? Self.noSender : senderMap[Int($0)] })
        pageNumbers.append(contentsOf: other.pageNumbers.lazy.map { pageMap[Int($0)] })
        let base = textBytes
        for (_, file) in other.spilled { bytes += file.bytes }
        bytes += other.bytes
        ends.append(contentsOf: other.ends.lazy.map { $0 + base })
    }

    private mutating func appendFields(seconds: Int64, flags: UInt16, sender: String?, page: String) {
        times.append(seconds)
        self.flags.append(flags)
        senderNumbers.append(
            sender.map { recentNumber(of: $0) ?? Self.number(of: $0, in: &senders, index: &senderIndex) } ?? Self.noSender)
        // Documents come page after page: the last page is checked before the table.
        if let last = pageNumbers.last, pages[Int(last)] == page {
            pageNumbers.append(last)
        } else {
            pageNumbers.append(Self.number(of: page, in: &pages, index: &pageIndex))
        }
    }

    /// The number of `sender` when one of the last few documents has it (a conversation goes back and forth
    /// between a few people, and a name is mostly the same string each time): found by comparing the strings'
    /// values, where the table hashes the name.
    private func recentNumber(of sender: String) -> UInt32? {
        var position = senderNumbers.count - 1
        let stop = Swift.max(senderNumbers.count - 4, 0)
        while position >= stop {
            let number = senderNumbers[position]
            if number != Self.noSender, senders[Int(number)].isIdentical(to: sender) { return number }
            position -= 1
        }
        return nil
    }

    private static func number(of value: String, in list: inout [String], index: inout [String: UInt32]) -> UInt32 {
        if let number = index[value] { return number }
        let number = UInt32(list.count)
        list.append(value)
        index[value] = number
        return number
    }
}
