import Foundation
import Testing

@testable import TranscriptJSON

/// A long list scanned in parts on all cores gives what scanning it whole gives, whatever lines look like
/// element starts.
@Suite struct JSONScannerPartsTests {
    /// The elements of the list at `start`, scanned whole and in parts (every list counts as long).
    private func both(_ text: String, at start: Int = 0, before limit: Int? = nil) -> (whole: [Range<Int>]?, parts: [Range<Int>]?) {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            (JSONScanner(bytes: bytes, parallelFrom: .max).elements(ofArrayAt: start, before: limit),
             JSONScanner(bytes: bytes, parallelFrom: 0).elements(ofArrayAt: start, before: limit))
        }
    }

    private func cutsInParts(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            JSONScanner(bytes: bytes, parallelFrom: 0).elementsInParts(ofArrayAt: 0, before: bytes.count) != nil
        }
    }

    /// A random value; strings hold what looks like structure (brackets, commas, escaped line feeds).
    private func value(depth: Int, using generator: inout SeededGenerator) -> Any {
        let strings = ["x", "},{", "}, {", "\\n   {", "[1,", "\\\"", "é😀", ""]
        switch Int.random(in: 0..<(depth > 2 ? 3 : 6), using: &generator) {
        case 0: return Int.random(in: -5...500, using: &generator)
        case 1: return strings.randomElement(using: &generator)!
        case 2: return Bool.random(using: &generator)
        case 3, 4:
            return (0..<Int.random(in: 0..<4, using: &generator)).map { _ in value(depth: depth + 1, using: &generator) }
        default:
            let count = Int.random(in: 0..<4, using: &generator)
            return (0..<count).map { ("k\($0)", value(depth: depth + 1, using: &generator)) }
        }
    }

    /// `value` as JSON, pretty-printed as Telegram does (one member or element per line, `indent` more per
    /// level) or on one line.
    private func json(_ value: Any, level: Int, indent: String, pretty: Bool) -> String {
        let inner = pretty ? "\n" + String(repeating: indent, count: level + 1) : ""
        let outer = pretty ? "\n" + String(repeating: indent, count: level) : ""
        switch value {
        case let number as Int: return String(number)
        case let flag as Bool: return flag ? "true" : "false"
        case let text as String: return "\"" + text + "\""
        case let list as [Any]:
            if list.isEmpty { return "[]" }
            return "[" + list.map { inner + json($0, level: level + 1, indent: indent, pretty: pretty) }.joined(separator: ",") + outer + "]"
        case let members as [(String, Any)]:
            if members.isEmpty { return "{}" }
            return "{" + members.map { inner + "\"\($0.0)\": " + json($0.1, level: level + 1, indent: indent, pretty: pretty) }
                .joined(separator: ",") + outer + "}"
        default: return "null"
        }
    }

    /// Cuts looked for a few bytes at a time, the file's pages handed back as the search goes, are the same cuts.
    @Test func cutsFoundAStrideAtATimeAreTheSame() throws {
        var generator = SeededGenerator(seed: 11)
        let list = (0..<200).map { number -> Any in [("id", number), ("v", value(depth: 1, using: &generator))] as [(String, Any)] }
        let text = json(list, level: 0, indent: " ", pretty: true)
        let url = try JSONTestFiles.temporaryFolder().appendingPathComponent("list.json")
        try Data(text.utf8).write(to: url)
        let file = try MappedFile.open(url.path, displayPath: "list.json")
        let whole = JSONScanner(bytes: file.bytes, parallelFrom: .max).elements(ofArrayAt: 0, before: nil)
        for stride in [1, 7, 4096] {
            let scanner = JSONScanner(bytes: file.bytes, releasingPagesOf: file, every: stride, parallelFrom: 0)
            #expect(scanner.elementsInParts(ofArrayAt: 0, before: file.bytes.count) == whole, "stride \(stride)")
        }
        #expect(whole?.count == 200)
    }

    #if os(Linux)
    /// A long list scanned in parts keeps none of its file's pages once scanned: each part hands back the last
    /// stride it read, not only those behind it (four parts held up to four strides of a 700 MB export).
    @Test func aListScannedInPartsLeavesNoPagesBehind() throws {
        let element = "  {\"id\": 1, \"text\": \"" + String(repeating: "word ", count: 40) + "\"}"
        let text = "[\n" + Array(repeating: element, count: 80_000).joined(separator: ",\n") + "\n]\n"
        let url = try JSONTestFiles.temporaryFolder().appendingPathComponent("long-list.json")
        try Data(text.utf8).write(to: url)
        let file = try MappedFile.open(url.path, displayPath: "long-list.json")
        let scanner = JSONScanner(bytes: file.bytes, releasingPagesOf: file, every: 2 << 20, parallelFrom: 0)
        #expect(file.bytes.count > 16 << 20)
        #expect(scanner.elementsInParts(ofArrayAt: 0, before: file.bytes.count)?.count == 80_000)
        let resident = try withExtendedLifetime(file) { try #require(Self.residentKiB(ofMappingOf: url.path)) }
        #expect(resident < 256, "\(resident) KiB of the file's pages kept")
    }

    /// How many KiB of the mapping of the file at `path` are in this process's memory (`/proc/self/smaps`).
    private static func residentKiB(ofMappingOf path: String) -> Int? {
        // Read as a stream: a file of /proc says its size is 0.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps"), let data = try? handle.readToEnd() else { return nil }
        let smaps = String(decoding: data, as: UTF8.self)
        var inMapping = false
        var total: Int?
        for line in smaps.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-"), !line.hasSuffix(":") && line.split(separator: " ").count >= 5 {
                inMapping = line.hasSuffix(path)
            } else if inMapping, line.hasPrefix("Rss:") {
                total = (total ?? 0) + (Int(line.split(separator: " ")[1]) ?? 0)
            }
        }
        return total
    }
    #endif

    @Test func partsGiveWhatScanningWholeGives() {
        var generator = SeededGenerator(seed: 7)
        var cut = 0
        for round in 0..<300 {
            let list = (0..<Int.random(in: 1..<40, using: &generator)).map { _ -> Any in
                // Mostly objects, as in an export; now and then a list or a plain value.
                Int.random(in: 0..<5, using: &generator) == 0
                    ? value(depth: 1, using: &generator)
                    : [("id", round), ("v", value(depth: 1, using: &generator))] as [(String, Any)]
            }
            let pretty = round % 5 != 0
            let text = json(list, level: 0, indent: [" ", "  ", "\t"][round % 3], pretty: pretty)
            let (whole, parts) = both(text)
            #expect(whole != nil)
            #expect(parts == whole, "\(text)")
            if pretty, list.count > 8, cutsInParts(text) { cut += 1 }
            // Cut short anywhere: both fail alike, or both find the same elements (a value may end early).
            let short = String(decoding: Array(text.utf8).prefix(Int.random(in: 0..<text.utf8.count, using: &generator)), as: UTF8.self)
            let (shortWhole, shortParts) = both(short)
            #expect(shortWhole == nil && shortParts == nil || shortParts == shortWhole, "\(short)")
        }
        // The pretty-printed lists are scanned in parts, not only whole.
        #expect(cut > 100)
    }

    /// Lines that look like the list's elements but are deeper (a formatter that does not indent by level) or
    /// after it: the scan before them goes on, and the result is the same.
    @Test func linesThatOnlyLookLikeElementsChangeNothing() {
        let deeper = "[\n {\"a\": [\n {\"b\": 1},\n {\"b\": 2},\n {\"b\": 3}]},\n {\"c\": 4},\n {\"d\": [\n {\"e\": 5},\n {\"f\": 6}]}\n]"
        let (whole, parts) = both(deeper)
        #expect(whole?.count == 3)
        #expect(parts == whole)
        let after = "{\"list\": [\n {\"a\": 1},\n {\"a\": 2}\n],\n \"more\": [\n {\"b\": 1},\n {\"b\": 2},\n {\"b\": 3}\n]}"
        let listStart = Array(after.utf8).firstIndex(of: UInt8(ascii: "["))!
        let (wholeList, partsList) = both(after, at: listStart)
        #expect(wholeList?.count == 2)
        #expect(partsList == wholeList)
        // With where the list ends at the latest given, cuts are only looked for before it.
        #expect(both(after, at: listStart, before: 40).parts == wholeList)
    }

    /// A list on one line has no line to cut at: it is scanned whole.
    @Test func aListOnOneLineIsScannedWhole() {
        #expect(!cutsInParts("[{\"a\": 1},{\"a\": 2},{\"a\": 3},{\"a\": 4},{\"a\": 5}]"))
        #expect(cutsInParts("[\n {\"a\": 1},\n {\"a\": 2},\n {\"a\": 3},\n {\"a\": 4},\n {\"a\": 5}\n]"))
        #expect(both("[]").parts == [])
        #expect(both("[\n]").parts == [])
    }
}
