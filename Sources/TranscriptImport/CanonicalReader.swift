import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Reads conversations in the canonical format: a `.json` file holding one conversation, or a `.jsonl`
/// (JSON Lines) file whose first line is the conversation without its messages and whose every following
/// line is one message, for exports too big to read as one document.
public struct CanonicalReader: Sendable {
    /// The time zone in which dates without a UTC offset are read.
    public var defaultTimeZone: TimeZone

    public init(defaultTimeZone: TimeZone) {
        self.defaultTimeZone = defaultTimeZone
    }

    /// Whether a file's name says it is in this format.
    public static func canRead(_ url: URL) -> Bool {
        ["json", "jsonl"].contains(url.pathExtension.lowercased())
    }

    /// Reads the conversation in `url`; `displayPath` is how errors name the file. Bytes that are not UTF-8 are
    /// shown as U+FFFD (`CanonicalImporter` warns of them).
    public func read(_ url: URL, displayPath: String) throws -> Conversation {
        try readWithDigests(url, displayPath: displayPath).conversation
    }

    /// What `readWithDigests` reads.
    struct Read {
        var conversation: Conversation
        /// A digest of each message's bytes (`ContentDigest.sourceDigest`) when its messages were read one by
        /// one (a JSON Lines file, a big `.json` file).
        var messageDigests: [UInt64]?
        /// The warning about strings with bytes that are not UTF-8, if there were any.
        var warnings: [String] = []
    }

    /// Reads the conversation in `url`, with a digest of each message's bytes when its messages were read one
    /// by one, and the warning about bytes that are not UTF-8.
    func readWithDigests(_ url: URL, displayPath: String) throws -> Read {
        let file = try MappedFile.open(url.path, displayPath: displayPath)
        if url.pathExtension.lowercased() == "jsonl" {
            return try readLines(file, displayPath: displayPath)
        }
        let context = JSONDecodingContext(defaultTimeZone: defaultTimeZone)
        return try withExtendedLifetime(file) {
            let raw = file.bytes
            func warnings(_ invalidUTF8: InvalidUTF8?) -> [String] {
                invalidUTF8?.warnings(in: raw, file: displayPath) ?? []
            }
            do {
                if let read = try ParallelConversationReader(bytes: raw, context: context, file: file).read() {
                    return Read(conversation: read.conversation, messageDigests: read.messageDigests, warnings: warnings(read.invalidUTF8))
                }
            } catch {
                throw TranscriptsError(decoding: error, file: displayPath, bytes: raw)
            }
            // A big file the parallel reader declined may be broken: the walk says where without building it
            // (the parser would build all it read before failing).
            if raw.count > 16 << 20, let problem = JSONSyntaxCheck.problem(in: raw) {
                throw TranscriptsError(syntax: problem, file: displayPath)
            }
            var invalidUTF8: InvalidUTF8?
            let json = try JSONSyntaxCheck.parse(0..<raw.count, in: raw, file: displayPath, invalidUTF8: &invalidUTF8)
            do {
                return Read(conversation: try Conversation(json: json, path: [], context: context), warnings: warnings(invalidUTF8))
            } catch {
                throw TranscriptsError(decoding: error, file: displayPath, bytes: raw)
            }
        }
    }

    /// JSON Lines: the header on the first non-blank line, then one message per line, read in parallel.
    private func readLines(_ file: MappedFile, displayPath: String) throws -> Read {
        let context = JSONDecodingContext(defaultTimeZone: defaultTimeZone)
        return try withExtendedLifetime(file) { () -> Read in
            let bytes = file.bytes
            var start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
            var lines: [Range<Int>] = []
            var released = 0
            for index in start..<bytes.count where bytes[index] == 0x0A {
                lines.append(start..<index)
                start = index + 1
                // Hand back the pages passed (they are read again a chunk at a time).
                if start - released >= 16 << 20 {
                    file.release(released..<start)
                    released = start
                }
            }
            if start < bytes.count { lines.append(start..<bytes.count) }
            file.release(released..<bytes.count)
            let shared = SharedBytes(bytes: bytes, lines: lines)
            guard let headerLine = lines.indices.first(where: { !shared.isBlank(line: $0) }) else {
                throw TranscriptsError(file: displayPath, line: 1, message: "the file is empty; the first line must describe the conversation")
            }
            var invalidUTF8: InvalidUTF8?
            var conversation = try shared.parse(line: headerLine, displayPath: displayPath, invalidUTF8: &invalidUTF8) { json in
                try Conversation(json: json, path: [], context: context)
            }
            guard conversation.messages.isEmpty else {
                throw TranscriptsError(
                    file: displayPath, line: headerLine + 1,
                    message: "in a .jsonl file the first line holds the conversation without \"messages\"; each message goes on its own line")
            }
            let chunks = chunkRanges(count: lines.count - headerLine - 1, chunkSize: 1024)
            let decoded = try chunks.concurrentMap { chunk -> (messages: [Message], digests: [UInt64], invalidUTF8: InvalidUTF8?) in
                var messages: [Message] = []
                var digests: [UInt64] = []
                var invalidUTF8: InvalidUTF8?
                messages.reserveCapacity(chunk.count)
                digests.reserveCapacity(chunk.count)
                for position in chunk {
                    let line = headerLine + 1 + position
                    if shared.isBlank(line: line) { continue }
                    messages.append(try shared.parse(line: line, displayPath: displayPath, invalidUTF8: &invalidUTF8) { json in
                        try Message(json: json, path: [], context: context)
                    })
                    digests.append(ContentDigest.sourceDigest(shared.line(line)))
                }
                file.release(shared.lines[headerLine + 1 + chunk.lowerBound].lowerBound..<shared.lines[headerLine + chunk.upperBound].upperBound)
                return (messages, digests, invalidUTF8)
            }
            conversation.messages = decoded.flatMap(\.messages)
            for chunk in decoded { invalidUTF8.add(chunk.invalidUTF8) }
            return Read(
                conversation: conversation, messageDigests: decoded.flatMap(\.digests),
                warnings: invalidUTF8?.warnings(in: bytes, file: displayPath) ?? [])
        }
    }
}

/// The bytes of a JSON Lines file and its line ranges, read from several threads while the file is mapped.
private struct SharedBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let lines: [Range<Int>]

    func line(_ line: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[lines[line]])
    }

    func isBlank(line: Int) -> Bool {
        lines[line].allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 || bytes[$0] == 0x0D }
    }

    func parse<Value>(
        line: Int, displayPath: String, invalidUTF8: inout InvalidUTF8?, map: (JSONValue) throws -> Value
    ) throws -> Value {
        let json = try JSONSyntaxCheck.parse(
            lines[line], of: lines[line], in: bytes, file: displayPath, unit: .line, invalidUTF8: &invalidUTF8)
        do {
            return try map(json)
        } catch {
            throw TranscriptsError(decoding: error, file: displayPath, bytes: bytes, documentAt: lines[line].lowerBound)
        }
    }
}
