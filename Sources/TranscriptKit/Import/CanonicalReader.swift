import Foundation

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

    /// Reads the conversation in `url`; `displayPath` is how errors name the file.
    public func read(_ url: URL, displayPath: String) throws -> Conversation {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw TranscriptsError(file: displayPath, message: "cannot read the file (\(error.localizedDescription))")
        }
        if url.pathExtension.lowercased() == "jsonl" {
            return try readLines(data, displayPath: displayPath)
        }
        do {
            return try makeDecoder().decode(Conversation.self, from: Self.withoutByteOrderMark(data))
        } catch {
            throw TranscriptsError(decoding: error, file: displayPath)
        }
    }

    private func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[.defaultTimeZone] = defaultTimeZone
        return decoder
    }

    private static func withoutByteOrderMark(_ data: Data) -> Data {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    }

    /// JSON Lines: the header on the first non-blank line, then one message per line, decoded in parallel.
    private func readLines(_ data: Data, displayPath: String) throws -> Conversation {
        let data = Self.withoutByteOrderMark(data)
        var lines: [Range<Int>] = []
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            for index in 0..<bytes.count where bytes[index] == 0x0A {
                lines.append(start..<index)
                start = index + 1
            }
            if start < bytes.count { lines.append(start..<bytes.count) }
        }
        let base = data.startIndex
        func isBlank(_ range: Range<Int>) -> Bool {
            data[(base + range.lowerBound)..<(base + range.upperBound)].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        }
        guard let headerLine = lines.firstIndex(where: { !isBlank($0) }) else {
            throw TranscriptsError(file: displayPath, line: 1, message: "the file is empty; the first line must describe the conversation")
        }
        var conversation: Conversation
        do {
            let range = lines[headerLine]
            conversation = try makeDecoder().decode(
                Conversation.self, from: data[(base + range.lowerBound)..<(base + range.upperBound)])
        } catch {
            throw TranscriptsError(decoding: error, file: displayPath, line: headerLine + 1)
        }
        guard conversation.messages.isEmpty else {
            throw TranscriptsError(
                file: displayPath, line: headerLine + 1,
                message: "in a .jsonl file the first line holds the conversation without \"messages\"; each message goes on its own line")
        }
        let messageLines = Array((headerLine + 1)..<lines.count)
        let chunks = chunkRanges(count: messageLines.count, chunkSize: 4096)
        let shared = SharedData(data: data, lines: lines, zone: defaultTimeZone)
        let decoded = try chunks.concurrentMap { chunk -> [Message] in
            let decoder = JSONDecoder()
            decoder.userInfo[.defaultTimeZone] = shared.zone
            var messages: [Message] = []
            messages.reserveCapacity(chunk.count)
            for position in chunk {
                let lineIndex = messageLines[position]
                let range = shared.lines[lineIndex]
                let slice = shared.data[(shared.data.startIndex + range.lowerBound)..<(shared.data.startIndex + range.upperBound)]
                if slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                do {
                    messages.append(try decoder.decode(Message.self, from: slice))
                } catch {
                    throw TranscriptsError(decoding: error, file: displayPath, line: lineIndex + 1)
                }
            }
            return messages
        }
        conversation.messages = decoded.flatMap { $0 }
        return conversation
    }
}

private struct SharedData: Sendable {
    let data: Data
    let lines: [Range<Int>]
    let zone: TimeZone
}
