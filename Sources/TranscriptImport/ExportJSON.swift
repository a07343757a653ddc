import Foundation
import TranscriptModel

/// A small JSON file of an export (a Slack day or `users.json`, Google Chat's `messages.json` and
/// `group_info.json`), parsed whole; a syntax error names the file and line.
enum ExportJSON {
    /// The file's value; nil when it is missing or holds only white space.
    static func read(_ url: URL, displayPath: String) throws -> JSONValue? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let file = try MappedFile.open(url.path, displayPath: displayPath)
        return try withExtendedLifetime(file) {
            let bytes = file.bytes
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return nil }
            do {
                return try JSONParser.parse(bytes)  // after a byte-order mark, if any
            } catch let error as JSONParser.SyntaxError {
                throw TranscriptsError(file: displayPath, line: error.line, message: error.description)
            }
        }
    }
}
