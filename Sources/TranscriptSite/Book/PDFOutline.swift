import Foundation

/// Reads, from a PDF that Chromium printed, the page each top-level entry of its outline leads to (the
/// printed book's `<h1>`s: the title, the contents, each month, the person index), so that the contents
/// can be printed again with their page numbers. It reads only what Skia writes: a cross-reference table,
/// dictionaries in plain text, outline entries with an explicit destination.
enum PDFOutline {
    /// The page numbers (from 1) of the outline's top-level entries, in order; nil when the file is not
    /// what this reads.
    static func topLevelPages(of pdf: Data) -> [Int]? {
        let bytes = [UInt8](pdf)
        guard let offsets = crossReferences(bytes), let trailer = trailer(bytes),
              let root = reference(named: "/Root", in: trailer), let catalog = object(root, in: bytes, offsets: offsets),
              let pagesRoot = reference(named: "/Pages", in: catalog), let outlines = reference(named: "/Outlines", in: catalog),
              let outlineRoot = object(outlines, in: bytes, offsets: offsets)
        else { return nil }
        var pageNumbers: [Int: Int] = [:]
        var pending = [pagesRoot]
        var visited = Set<Int>()
        // Depth first, kids in order: the pages' order.
        while let next = pending.popLast() {
            guard visited.insert(next).inserted, let node = object(next, in: bytes, offsets: offsets) else { return nil }
            if node.contains("/Type /Pages") {
                guard let kids = array(named: "/Kids", in: node) else { return nil }
                pending.append(contentsOf: references(in: kids).reversed())
            } else {
                pageNumbers[next] = pageNumbers.count + 1
            }
        }
        var pages: [Int] = []
        var entry = reference(named: "/First", in: outlineRoot)
        var seen = Set<Int>()
        while let number = entry, seen.insert(number).inserted {
            guard let item = object(number, in: bytes, offsets: offsets),
                  let destination = array(named: "/Dest", in: item) ?? array(named: "/D", in: item),
                  let page = references(in: destination).first.flatMap({ pageNumbers[$0] })
            else { return nil }
            pages.append(page)
            entry = reference(named: "/Next", in: item)
        }
        return pages
    }

    /// Each object's offset, from the file's cross-reference table.
    private static func crossReferences(_ bytes: [UInt8]) -> [Int: Int]? {
        guard let start = lastRange(of: "startxref", in: bytes) else { return nil }
        let tail = String(decoding: bytes[start.upperBound...].prefix(64), as: UTF8.self)
        guard let offset = tail.split(whereSeparator: \.isWhitespace).first.flatMap({ Int($0) }), offset < bytes.count else { return nil }
        let table = String(decoding: bytes[offset...].prefix(64), as: UTF8.self)
        let header = table.split(whereSeparator: \.isNewline)
        guard header.count >= 2, header[0].hasPrefix("xref") else { return nil }
        let subsection = header[1].split(separator: " ")
        guard subsection.count == 2, let first = Int(subsection[0]), let count = Int(subsection[1]) else { return nil }
        // The entries follow the subsection's line, 20 bytes each.
        guard let entriesStart = firstRange(of: "\(header[1])", in: bytes, from: offset)?.upperBound else { return nil }
        var position = entriesStart
        while position < bytes.count, bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x20 { position += 1 }
        var offsets: [Int: Int] = [:]
        for index in 0..<count {
            let entryStart = position + index * 20
            guard entryStart + 18 <= bytes.count else { return nil }
            let entry = String(decoding: bytes[entryStart..<(entryStart + 18)], as: UTF8.self)
            let fields = entry.split(separator: " ")
            if fields.count == 3, fields[2] == "n", let at = Int(fields[0]) { offsets[first + index] = at }
        }
        return offsets
    }

    private static func trailer(_ bytes: [UInt8]) -> String? {
        guard let start = lastRange(of: "trailer", in: bytes) else { return nil }
        return String(decoding: bytes[start.upperBound...].prefix(1024), as: UTF8.self)
    }

    /// An object's text up to its `endobj` (its dictionary; a stream's data is not read).
    private static func object(_ number: Int, in bytes: [UInt8], offsets: [Int: Int]) -> String? {
        guard let offset = offsets[number], offset < bytes.count else { return nil }
        let window = bytes[offset..<min(bytes.count, offset + 65_536)]
        let text = String(decoding: window, as: UTF8.self)
        guard text.hasPrefix("\(number) 0 obj") else { return nil }
        let end = text.range(of: "endobj")?.lowerBound ?? text.endIndex
        let body = text[..<end]
        return String(body.range(of: "stream").map { body[..<$0.lowerBound] } ?? body)
    }

    private static func reference(named key: String, in text: String) -> Int? {
        guard let range = text.range(of: key + " ") else { return nil }
        return references(in: String(text[range.upperBound...].prefix(32))).first
    }

    private static func array(named key: String, in text: String) -> String? {
        guard let range = text.range(of: key + " ["), let end = text[range.upperBound...].firstIndex(of: "]") else { return nil }
        return String(text[range.upperBound..<end])
    }

    /// The object numbers of the references (`12 0 R`) in `text`, in order.
    private static func references(in text: String) -> [Int] {
        let words = text.split(whereSeparator: { $0.isWhitespace || "[]<>/".contains($0) })
        var numbers: [Int] = []
        var index = 0
        while index + 2 < words.count {
            if words[index + 2] == "R", let number = Int(words[index]), Int(words[index + 1]) != nil {
                numbers.append(number)
                index += 3
            } else {
                index += 1
            }
        }
        return numbers
    }

    private static func lastRange(of needle: String, in bytes: [UInt8]) -> Range<Int>? {
        let pattern = Array(needle.utf8)
        var position = bytes.count - pattern.count
        while position >= 0 {
            if bytes[position] == pattern[0], Array(bytes[position..<(position + pattern.count)]) == pattern {
                return position..<(position + pattern.count)
            }
            position -= 1
        }
        return nil
    }

    private static func firstRange(of needle: String, in bytes: [UInt8], from start: Int) -> Range<Int>? {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var position = start
        while position <= bytes.count - pattern.count {
            if bytes[position] == pattern[0], Array(bytes[position..<(position + pattern.count)]) == pattern {
                return position..<(position + pattern.count)
            }
            position += 1
        }
        return nil
    }
}
