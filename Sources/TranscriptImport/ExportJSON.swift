import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// A small JSON file of an export (a Slack day or `users.json`, Google Chat's `messages.json` and
/// `group_info.json`), parsed whole. A syntax error names the file, the line and column, the JSON path reached
/// and the byte offset; a value in the wrong shape that `body` finds (a `DecodingError` with its path) names the
/// file, the line and column of that value and its JSON path. Strings with bytes that are not UTF-8 are shown
/// with U+FFFD and are one warning for the file (`InvalidUTF8`).
enum ExportJSON {
    /// `body`'s result for the file's value; nil when the file is missing or holds only white space. The
    /// warning about bytes that are not UTF-8, if any, is added to `warnings`.
    static func read<Result>(
        _ url: URL, displayPath: String, warnings: inout [String], _ body: (JSONValue) throws -> Result
    ) throws -> Result? {
        try read(url, displayPath: displayPath, warnings: &warnings) { json, _ in try body(json) }
    }

    /// `read`, whose `body` is also given the file's bytes (to place warnings in it).
    static func read<Result>(
        _ url: URL, displayPath: String, warnings: inout [String], _ body: (JSONValue, UnsafeBufferPointer<UInt8>) throws -> Result
    ) throws -> Result? {
        guard let parsed = try parse(url, displayPath: displayPath) else { return nil }
        return try withExtendedLifetime(parsed.file) {
            warnings += parsed.warnings
            do {
                return try body(parsed.json, parsed.file.bytes)
            } catch {
                throw fileError(error, displayPath: displayPath, bytes: parsed.file.bytes)
            }
        }
    }

    /// The file mapped and its value parsed, with the warning about bytes that are not UTF-8, if any; nil when the
    /// file is missing or holds only white space. (`read` in steps, for readers that keep a few files open.)
    static func parse(_ url: URL, displayPath: String) throws -> (file: MappedFile, json: JSONValue, warnings: [String])? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let file = try MappedFile.open(url.path, displayPath: displayPath)
        let bytes = file.bytes
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return nil }
        var invalidUTF8: InvalidUTF8?
        let json = try JSONSyntaxCheck.parse(0..<bytes.count, in: bytes, file: displayPath, invalidUTF8: &invalidUTF8)  // after a byte-order mark, if any
        return (file, json, invalidUTF8?.warnings(in: bytes, file: displayPath) ?? [])
    }

    /// An error of reading a file's value, with the line and column of its JSON path in `bytes` (the file's).
    static func fileError(_ error: any Error, displayPath: String, bytes: UnsafeBufferPointer<UInt8>) -> any Error {
        if let error = error as? TranscriptsError { return error }
        return TranscriptsError(decoding: error, file: displayPath, bytes: bytes)
    }
}
