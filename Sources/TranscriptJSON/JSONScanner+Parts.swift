import TranscriptSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A scanner only reads its bytes (and hands back pages of its file, which any thread may do).
extension JSONScanner: @unchecked Sendable {}

extension JSONScanner {
    /// Into how many parts a long list is cut: a few per core, so that parts of unequal cost even out.
    static let listParts = 4

    /// The elements of the long list whose `[` is at `open` and which ends before `limit`, scanned in parts on all
    /// cores; nil when the list cannot be cut (the caller then scans it whole).
    ///
    /// A raw line feed is never inside a JSON string, so in a pretty-printed document a line that ends with a
    /// comma followed by a line that starts like the list's first element (its indentation and first byte)
    /// most likely starts an element of the list: the list is cut at a few such places and each part scanned
    /// on its own. A part counts only when the scan before it found an element starting exactly at its cut;
    /// when not (the line was an element of a list further in), that scan goes on to the end and the later
    /// parts are not used. Either way the result is what scanning the list whole gives.
    func elementsInParts(ofArrayAt open: Int, before limit: Int) -> [Range<Int>]? {
        let first = skipWhitespace(open + 1)
        guard first < limit, bytes[first] != 0x5D else { return nil }
        var lineStart = first
        while lineStart > open + 1, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        guard lineStart > open + 1, bytes[lineStart - 1] == 0x0A else { return nil }
        let indentation = lineStart..<first
        // A cut is looked for in each part of the bytes after the first, on all cores: the first element line
        // there (in a long list of big elements, such as an account export's chats, finding one reads far).
        let targets = (1..<Self.listParts).map { open + (limit - open) / Self.listParts * $0 } + [limit]
        let lead = bytes[first]
        let found = (try? Array(0..<targets.count - 1).concurrentMap { part in
            elementLine(from: max(targets[part], first + 1), before: targets[part + 1], indentation: indentation, lead: lead)
        }) ?? []
        // Each part's bytes come after the part before's, so the cuts are in order.
        let cuts = found.compactMap { $0 }
        guard !cuts.isEmpty else { return nil }
        let starts = [open + 1] + cuts
        let scans = try? Array(starts.indices).concurrentMap { part in
            scanElements(from: starts[part], first: part == 0, stoppingAt: part + 1 < starts.count ? starts[part + 1] : nil)
        }
        guard let scans else { return nil }
        // Each part that the one before it reached continues the list.
        var elements: [Range<Int>] = []
        var part = 0
        while true {
            guard let scan = scans[part] else { return nil }
            elements += scan.elements
            guard scan.reachedStop else { return elements }
            part += 1
        }
    }

    /// The first place from `start` on (before `end`) that starts a line with `indentation`'s bytes and then
    /// `lead`, after a line whose last byte other than whitespace is a comma: where the element starts. The places
    /// are found by memchr of `lead` (the first byte of an element is rarer than a line feed: in a list of big
    /// elements most lines start with something else), a `releaseStride` at a time, the pages read handed back
    /// as the search goes (in an account export, the bytes up to the next chat can be a third of the file).
    private func elementLine(from start: Int, before end: Int, indentation: Range<Int>, lead: UInt8) -> Int? {
        guard let base = bytes.baseAddress, start < end else { return nil }
        let indent = indentation.count
        var released = start
        // The lead, then the line feed and the indentation before it.
        var index = start + indent + 1
        defer { releaseRest(index, released) }
        while index < end {
            releaseBehind(index, &released)
            let window = min(end, index + releaseStride)
            guard let found = memchr(base + index, Int32(lead), window - index) else {
                index = window
                continue
            }
            let element = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            index = element + 1
            let lineFeed = element - indent - 1
            guard bytes[lineFeed] == 0x0A, indent == 0 || memcmp(base + lineFeed + 1, base + indentation.lowerBound, indent) == 0
            else { continue }
            var before = lineFeed - 1
            while before > start, bytes[before] == 0x20 || bytes[before] == 0x09 || bytes[before] == 0x0D { before -= 1 }
            if bytes[before] == 0x2C { return element }
        }
        return nil
    }
}
