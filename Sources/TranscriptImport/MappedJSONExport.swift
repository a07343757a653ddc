import Foundation
import Synchronization
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// A JSON export whose top level is one object, mapped into memory and read a part at a time: the scanner finds
/// the byte ranges of the object's members and of list elements, and `parse` builds only the values asked for,
/// with errors that name the file and line. The importers of big single-document exports (Telegram, Discord,
/// Messenger, Matrix) read through it, several threads at once.
struct MappedJSONExport: @unchecked Sendable {  // only lives inside `read`'s body, while the file stays mapped
    let scanner: JSONScanner
    /// The mapping, whose pages are released once read (`release(_:)`).
    let file: MappedFile
    /// The path errors show.
    package let displayPath: String
    /// The whole document, after a UTF-8 byte-order mark.
    package let root: Range<Int>
    /// The top-level object's members in file order, with their values' byte ranges.
    let members: [(key: String, value: Range<Int>)]
    /// The top-level object's outline: its members, gone into as `read` was asked (`JSONScanner.outline`).
    let outline: JSONScanner.Outline
    /// The strings parsed so far (from any thread) that held bytes that are not UTF-8, until
    /// `takeInvalidUTF8Warnings` makes them a warning.
    let invalidUTF8 = InvalidUTF8Tally()
    /// The keys of `outline` that held text that is not Unicode, kept apart from `invalidUTF8`: they belong to
    /// the file, not to a part of it read as a conversation of its own (`takeOutlineInvalidUTF8Warnings`).
    let outlineInvalidUTF8 = InvalidUTF8Tally()

    /// Maps `file` and calls `body` with it. A file that cannot be read, is not JSON (the parser says where) or
    /// whose top level is not an object is an error; `description` names what was expected ("a Telegram export").
    /// The members named in `descending` are outlined in the same walk over the file (see `outline`).
    package static func read<Result>(
        _ file: URL, displayPath: String, description: String, descending: Set<String> = [],
        _ body: (MappedJSONExport) throws -> Result
    ) throws -> Result {
        let mapped = try MappedFile.open(file.path, displayPath: displayPath)
        return try withExtendedLifetime(mapped) {
            let bytes = mapped.bytes
            let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
            let scanner = JSONScanner(bytes: bytes, releasingPagesOf: mapped)
            var keysInvalidUTF8: InvalidUTF8?
            guard let outline = scanner.outline(ofObjectAt: start, descending: descending, invalidUTF8: &keysInvalidUTF8),
                  let members = outline.members
            else {
                // Not well-formed: the walk from the start says where (without reading the document into memory).
                if let problem = JSONSyntaxCheck.problem(in: bytes, document: start..<bytes.count) {
                    throw TranscriptsError(syntax: problem, file: displayPath)
                }
                let first = scanner.skipWhitespace(start)
                let found = first < bytes.count && bytes[first] == 0x5B ? "a list" : first < bytes.count && bytes[first] == 0x22 ? "a string" : "a single value"
                throw TranscriptsError(file: displayPath, line: 1, message: "expected a JSON object (\(description)), found \(found)")
            }
            // The scan read every page; the parts are read again one at a time.
            mapped.release(0..<bytes.count)
            let export = MappedJSONExport(
                scanner: scanner, file: mapped, displayPath: displayPath, root: start..<bytes.count,
                members: members.map { ($0.key, $0.value.range) }, outline: outline)
            export.outlineInvalidUTF8.add(keysInvalidUTF8)
            return try body(export)
        }
    }

    /// The outline of the object at `start` (a part of the file read as a conversation of its own), whose keys
    /// that held text that is not Unicode are noted with the strings parsed (see `JSONScanner.outline`).
    func outline(ofObjectAt start: Int, descending: Set<String>, before limit: Int? = nil) -> JSONScanner.Outline? {
        var keys: InvalidUTF8?
        let outline = scanner.outline(ofObjectAt: start, descending: descending, invalidUTF8: &keys, before: limit)
        invalidUTF8.add(keys)
        return outline
    }

    /// Hands back the memory of the bytes in `range` once they have been read (see `MappedFile.release`).
    func release(_ range: Range<Int>) {
        file.release(range)
    }

    /// Parses the list elements at `elements` and converts each (with its position) on all cores, `chunkSize`
    /// at a time, in order; each chunk's bytes are released once converted, so memory follows the chunks being
    /// read, not the file. The first error in list order is thrown.
    func convertElements<Converted: Sendable>(
        _ elements: [Range<Int>], chunkSize: Int, _ convert: @Sendable (JSONValue, Int) throws -> Converted
    ) throws -> [Converted] {
        var chunks = try convertChunks(elements, chunkSize: chunkSize, digesting: false, convert).chunks
        // Joined at its final size, each chunk let go once it is in; the converted values are moved, not copied
        // (a copy would retain each of their parts, and letting the chunk go release them again).
        let total = chunks.reduce(0) { $0 + $1.count }
        return [Converted](unsafeUninitializedCapacity: total) { buffer, initialized in
            var end = total
            for index in chunks.indices.reversed() {
                var chunk: [Converted] = []
                swap(&chunk, &chunks[index])
                while let converted = chunk.popLast() {
                    end -= 1
                    (buffer.baseAddress! + end).initialize(to: converted)
                }
            }
            initialized = total
        }
    }

    /// `convertElements` for a converter that reads an element in place (`JSONTape`) as it reads a parsed one,
    /// with a digest of each element's bytes (`ContentDigest.sourceDigest`), made while they are at hand:
    /// `readInPlace` is given each element the tape reads, `convert` the others, parsed (so that the parser reports
    /// what is wrong with them, or notes what it repairs). Both must make the same value of the same element. The
    /// converted elements come in their chunks, in order (joined, they would be moved once more).
    ///
    /// Debug builds (the tests, the fuzzers) convert each element read in place the parser's way too, and stop if
    /// the two differ.
    func convertElementChunksWithDigests<Converted: Sendable & Equatable>(
        _ elements: [Range<Int>], chunkSize: Int, readInPlace: @Sendable (JSONTape.Value, Int) -> Converted,
        _ convert: @Sendable (JSONValue, Int) throws -> Converted
    ) throws -> (chunks: [[Converted]], digests: [UInt64]) {
        #if DEBUG
        let readInPlace: @Sendable (JSONTape.Value, Int) -> Converted = { [scanner, root, displayPath] value, index in
            let inPlace = readInPlace(value, index)
            var ignored: InvalidUTF8?
            let parsed = try? Self.parse(scanner, elements[index], root: root, displayPath: displayPath, invalidUTF8: &ignored)
            precondition(parsed.map { (try? convert($0, index)) == inPlace } ?? false, "element \(index) read in place differs from its parsed conversion")
            return inPlace
        }
        #endif
        return try withoutActuallyEscaping(readInPlace) { readInPlace in
            try convertChunks(elements, chunkSize: chunkSize, digesting: true, readInPlace: readInPlace, convert)
        }
    }

    private func convertChunks<Converted: Sendable>(
        _ elements: [Range<Int>], chunkSize: Int, digesting: Bool, readInPlace: (@Sendable (JSONTape.Value, Int) -> Converted)? = nil,
        _ convert: @Sendable (JSONValue, Int) throws -> Converted
    ) throws -> (chunks: [[Converted]], digests: [UInt64]) {
        // Finding the elements read their pages: let them go until their chunk's turn.
        if let first = elements.first, let last = elements.last { release(first.lowerBound..<last.upperBound) }
        let chunks = try chunkRanges(count: elements.count, chunkSize: chunkSize).concurrentMap { chunk in
            var invalid: InvalidUTF8?
            // One tape for the chunk: its room is kept from one element to the next.
            var tape = JSONTape()
            let converted = try chunk.map { index in
                let bytes = UnsafeBufferPointer(rebasing: scanner.bytes[elements[index]])
                if let readInPlace, tape.read(bytes) {
                    return tape.withRoot(in: bytes) { readInPlace($0, index) }
                }
                return try convert(try Self.parse(scanner, elements[index], root: root, displayPath: displayPath, invalidUTF8: &invalid), index)
            }
            invalidUTF8.add(invalid)
            let digests = digesting
                ? chunk.map { ContentDigest.sourceDigest(UnsafeBufferPointer(rebasing: scanner.bytes[elements[$0]])) } : []
            if let first = chunk.first, let last = chunk.last { release(elements[first].lowerBound..<elements[last].upperBound) }
            return (converted, digests)
        }
        var digests: [UInt64] = []
        digests.reserveCapacity(digesting ? elements.count : 0)
        for chunk in chunks { digests += chunk.1 }
        return (chunks.map(\.0), digests)
    }

    /// The byte range of the top-level member `key`, if there is one.
    func member(_ key: String) -> Range<Int>? {
        members.first { $0.key == key }?.value
    }

    /// An error about the field `key` (`timestamp`, `content.body`; empty for the element itself) of the list
    /// element at `element`, whose JSON path is `path`: it names the line and column of the field's value.
    func error(at key: String, of element: Range<Int>, path: String, message: String) -> TranscriptsError {
        let offset = scanner.offset(of: JSONPath(pathText: key), inDocumentAt: element.lowerBound)
        let position = TextPosition.of(offset, in: scanner.bytes)
        return TranscriptsError(file: displayPath, line: position.line, column: position.column, path: path, message: message)
    }

    /// Warnings about what could not be read in list elements (`FieldWarnings`), with the lines and columns of
    /// the fields; `problems(index)` is the element's problems, `path(index)` its JSON path.
    func warnings(
        _ elements: [Range<Int>], problems: (Int) -> FieldProblems?, path: (Int) -> String
    ) -> [String] {
        var warnings = FieldWarnings(file: displayPath)
        for index in elements.indices {
            guard let found = problems(index), !found.isEmpty else { continue }
            warnings.add(found, at: path(index), offset: elements[index].lowerBound)
        }
        return warnings.warnings(in: scanner.bytes)
    }

    /// The error for a part that does not have the shape the format gives it (`message`, about the value at
    /// `offset`, whose JSON path is `path`): the document's first syntax error when it is not well-formed (the
    /// scanner pairs brackets loosely, so a stray one can make a shape that is not there), else `message` at the
    /// value's line and column.
    func shapeError(_ message: String, path: String, at offset: Int) -> TranscriptsError {
        if let problem = JSONSyntaxCheck.problem(in: scanner.bytes, document: root) {
            return TranscriptsError(syntax: problem, file: displayPath)
        }
        let position = TextPosition.of(offset, in: scanner.bytes)
        return TranscriptsError(file: displayPath, line: position.line, column: position.column, path: path, message: message)
    }

    /// `error` with the line and column of the value at its JSON path, when it names a path but no line (an error
    /// from a part mapped after it was parsed).
    func placed(_ error: TranscriptsError) -> TranscriptsError {
        guard error.line == nil, error.file == displayPath, let path = error.path, !path.isEmpty else { return error }
        var placed = error
        let position = TextPosition.of(scanner.offset(of: JSONPath(pathText: path), inDocumentAt: root.lowerBound), in: scanner.bytes)
        placed.line = position.line
        placed.column = position.column
        return placed
    }

    /// What the value at `offset` is, for errors: "an object", "a list", "a string", "a number", ...
    func kind(at offset: Int) -> String {
        let start = scanner.skipWhitespace(offset)
        guard start < scanner.bytes.count else { return "nothing" }
        switch scanner.bytes[start] {
        case 0x7B: return "an object"
        case 0x5B: return "a list"
        case 0x22: return "a string"
        case 0x74, 0x66: return "true or false"
        case 0x6E: return "null"
        default: return "a number"
        }
    }

    /// The line of the file a byte offset is on, counting from 1.
    package func line(of offset: Int) -> Int {
        scanner.line(of: offset)
    }

    /// Parses the value at `range`; a syntax error names the file, the line and column, the JSON path and the
    /// byte offset (see `JSONSyntaxCheck`). Strings with bytes that are not UTF-8 are noted in `invalidUTF8`.
    package func parse(_ range: Range<Int>) throws -> JSONValue {
        var invalid: InvalidUTF8?
        let value = try Self.parse(scanner, range, root: root, displayPath: displayPath, invalidUTF8: &invalid)
        invalidUTF8.add(invalid)
        return value
    }

    private static func parse(
        _ scanner: JSONScanner, _ range: Range<Int>, root: Range<Int>, displayPath: String, invalidUTF8: inout InvalidUTF8?
    ) throws -> JSONValue {
        try JSONSyntaxCheck.parse(range, of: root, in: scanner.bytes, file: displayPath, invalidUTF8: &invalidUTF8)
    }

    /// The warning about the strings parsed since the last call that held bytes that are not UTF-8 (none: no
    /// warning), at the first one's line, column and JSON path (`InvalidUTF8.warning`). For a part of the file
    /// read as a conversation of its own (a chat of an account export), `part` is its range, `pathPrefix` its
    /// path and `scope` what it is ("the chat"): its path is then found walking the part only. The keys of the
    /// file's outline (the top-level object's, and those of the members it went into) are counted with the
    /// strings when the call is for the whole file; else they are left to `takeOutlineInvalidUTF8Warnings`.
    func takeInvalidUTF8Warnings(part: Range<Int>? = nil, pathPrefix: String = "", scope: String = "the file") -> [String] {
        var invalid = invalidUTF8.take()
        if let part { invalid = invalid?.within(part) }
        if part == nil || part == root { invalid.add(outlineInvalidUTF8.take()) }
        return invalid?.warnings(in: scanner.bytes, file: displayPath, pathPrefix: pathPrefix, scope: scope) ?? []
    }

    /// The warning about the keys of the file's outline that held text that is not Unicode, for the file (none:
    /// no warning), when its parts are read as conversations of their own: it belongs to no part, and the
    /// importer decides which conversation gives it.
    func takeOutlineInvalidUTF8Warnings() -> [String] {
        outlineInvalidUTF8.take()?.warnings(in: scanner.bytes, file: displayPath) ?? []
    }
}

/// Notes of strings with bytes that are not UTF-8 (`InvalidUTF8`), added from several threads. Adding nothing
/// takes no lock, so reading a well-formed export never waits on it.
final class InvalidUTF8Tally: Sendable {
    private let noted = Mutex<InvalidUTF8?>(nil)

    func add(_ invalid: InvalidUTF8?) {
        guard let invalid else { return }
        noted.withLock { $0.add(invalid) }
    }

    /// What was noted, which is then forgotten.
    func take() -> InvalidUTF8? {
        noted.withLock { noted in
            defer { noted = nil }
            return noted
        }
    }
}
