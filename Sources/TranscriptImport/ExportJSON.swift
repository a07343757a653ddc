import Foundation
import TranscriptModel

/// A small JSON file of an export (a Slack day or `users.json`, Google Chat's `messages.json` and
/// `group_info.json`), parsed whole; a syntax error names the file, the line and column, the JSON path reached
/// and the byte offset.
enum ExportJSON {
    /// The file's value; nil when it is missing or holds only white space.
    static func read(_ url: URL, displayPath: String) throws -> JSONValue? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let file = try MappedFile.open(url.path, displayPath: displayPath)
        return try withExtendedLifetime(file) {
            let bytes = file.bytes
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return nil }
            return try JSONSyntaxCheck.parse(0..<bytes.count, in: bytes, file: displayPath)  // after a byte-order mark, if any
        }
    }
}
