import Foundation
import TranscriptModel

/// A JSON export whose top level is one object, mapped into memory and read a part at a time: the scanner finds
/// the byte ranges of the object's members and of list elements, and `parse` builds only the values asked for,
/// with errors that name the file and line. The importers of big single-document exports (Telegram, Discord,
/// Messenger, Matrix) read through it, several threads at once.
struct MappedJSONExport: @unchecked Sendable {  // only lives inside `read`'s body, while the file stays mapped
    let scanner: JSONScanner
    /// The path errors show.
    package let displayPath: String
    /// The whole document, after a UTF-8 byte-order mark.
    package let root: Range<Int>
    /// The top-level object's members in file order, with their values' byte ranges.
    let members: [(key: String, value: Range<Int>)]

    /// Maps `file` and calls `body` with it. A file that cannot be read, is not JSON (the parser says where) or
    /// whose top level is not an object is an error; `description` names what was expected ("a Telegram export").
    package static func read<Result>(
        _ file: URL, displayPath: String, description: String, _ body: (MappedJSONExport) throws -> Result
    ) throws -> Result {
        let data: Data
        do {
            data = try Data(contentsOf: file, options: .alwaysMapped)
        } catch {
            throw TranscriptsError(file: displayPath, message: "cannot read the file (\(TranscriptsError.sentence(for: error)))")
        }
        return try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
            let scanner = JSONScanner(bytes: bytes)
            guard let members = scanner.members(ofObjectAt: start) else {
                // Not well-formed: let the parser say where.
                _ = try parse(scanner, start..<bytes.count, displayPath: displayPath)
                throw TranscriptsError(file: displayPath, message: "expected a JSON object (\(description))")
            }
            return try body(MappedJSONExport(scanner: scanner, displayPath: displayPath, root: start..<bytes.count, members: members))
        }
    }

    /// The byte range of the top-level member `key`, if there is one.
    func member(_ key: String) -> Range<Int>? {
        members.first { $0.key == key }?.value
    }

    /// The line of the file a byte offset is on, counting from 1.
    package func line(of offset: Int) -> Int {
        scanner.line(of: offset)
    }

    /// Parses the value at `range`; a syntax error names the file and the line in it.
    package func parse(_ range: Range<Int>) throws -> JSONValue {
        try Self.parse(scanner, range, displayPath: displayPath)
    }

    private static func parse(_ scanner: JSONScanner, _ range: Range<Int>, displayPath: String) throws -> JSONValue {
        do {
            return try JSONParser.parse(UnsafeBufferPointer(rebasing: scanner.bytes[range]))
        } catch let error as JSONParser.SyntaxError {
            let line = scanner.line(of: range.lowerBound) + error.line - 1
            throw TranscriptsError(file: displayPath, line: line, message: "invalid JSON: \(error.reason)")
        }
    }
}
