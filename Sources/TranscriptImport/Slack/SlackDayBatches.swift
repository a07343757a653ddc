import Foundation
import Synchronization
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Reads a conversation's day files into a `SlackMessageReader` on all cores, with exactly the result of reading
/// them one after another (`SlackMessageReader.add` for each message of each file in order): the same messages in
/// the same order with the same ids, names, participants, warnings and the same first error.
///
/// The files are read in batches of `batchSize`, so only a batch's JSON trees are held at once. For each batch:
///
/// 1. In parallel, each file is mapped and parsed, and its messages' `SlackMessageHead`s are read (up to the first
///    that fails). The files stay mapped until the batch ends, to place errors and warnings in them.
/// 2. In order, on one core, `learnNames` learns the names the messages give (the only state a message's content
///    depends on), each recorded with the position in the batch of the message it came from
///    (`SlackNames.learnedAt`). This stops at the first error of a file or of a message's head or names.
/// 3. In parallel, each message's content is read (`SlackMessageContent`) with the names as of its position
///    (`SlackNames.asOf`): a name learnt from a later message is not known to it, as when reading in order (a name
///    is only ever set when none was known, so "as of" is the final name if learnt at or before the position).
///    Each file's field warnings are placed in it (line and JSON path). Each file's heads (and with them its JSON
///    tree) are handed to the thread that reads it, so the trees are also freed on all cores.
/// 4. In order: the first error among the contents read wins, else the one step 2 stopped at (it is later in the
///    files); else the messages are appended (participants noted and ids made unique in order) and the warnings
///    of each file (bytes that are not UTF-8, then fields) added.
struct SlackDayBatches {
    /// A day file: where it is and how warnings and errors name it.
    struct Day: Sendable {
        let url: URL
        let displayPath: String
    }

    /// Day files per batch: enough to keep the cores busy, few enough that their JSON trees stay small.
    static let defaultBatchSize = 32

    let days: [Day]
    var batchSize = defaultBatchSize

    /// Reads every day file into `reader`, adding their warnings to `warnings`.
    func read(into reader: inout SlackMessageReader, warnings: inout [String]) throws {
        for batch in chunkRanges(count: days.count, chunkSize: batchSize) {
            try read(Array(days[batch]), into: &reader, warnings: &warnings)
        }
    }

    /// A parsed day file: its messages' heads up to the first failure, if any.
    private struct Parsed: Sendable {
        var file: MappedFile?
        var heads: [SlackMessageHead] = []
        /// The first error: of the file itself, or of the head of the message after `heads`.
        var failure: (any Error)?
        var warnings: [String] = []
    }

    /// A file's heads, for the one thread that reads their contents to take (and free when done).
    private final class Heads: Sendable {
        private let heads: Mutex<[SlackMessageHead]>
        init(_ heads: [SlackMessageHead]) { self.heads = Mutex(heads) }
        func take() -> [SlackMessageHead] { heads.withLock { heads in defer { heads = [] }; return heads } }
    }

    /// A day file's messages read, up to the first failure, with its field warnings.
    private struct Converted: Sendable {
        var messages: [SlackReadMessage] = []
        var failure: (any Error)?
        var warnings: [String] = []
    }

    private func read(_ batch: [Day], into reader: inout SlackMessageReader, warnings: inout [String]) throws {
        // 1. Parse and read the heads, in parallel.
        var parsed = try batch.concurrentMap { day -> Parsed in
            var parsed = Parsed()
            do {
                guard let read = try ExportJSON.parse(day.url, displayPath: day.displayPath) else {
                    // Slack writes a day file only for a day with messages: an empty one lost them (a copy cut short).
                    parsed.warnings = ["\(day.displayPath): the file is empty; no messages are read from it (Slack writes a day file only for a day with messages)"]
                    return parsed
                }
                parsed.file = read.file
                parsed.warnings = read.warnings
                guard case .array(let elements) = read.json else {
                    throw TranscriptsError(
                        file: day.displayPath, line: 1, message: "expected a list of messages, found \(read.json.kindDescription)")
                }
                parsed.heads.reserveCapacity(elements.count)
                for (index, element) in elements.enumerated() {
                    parsed.heads.append(try SlackMessageHead(element, path: [AnyCodingKey(intValue: index)]))
                }
            } catch {
                parsed.failure = parsed.file.map { ExportJSON.fileError(error, displayPath: day.displayPath, bytes: $0.bytes) } ?? error
            }
            return parsed
        }

        // 2. Learn the names in order, each with its message's position.
        var counts: [Int] = []  // how many messages of each file to read
        var starts: [Int] = []  // the position of each file's first message
        var stop: (any Error)?
        var position = 0
        reader.names.learnedAt = [:]
        learning: for (index, day) in parsed.enumerated() {
            starts.append(position)
            for head in day.heads {
                reader.names.asOf = position
                do {
                    try reader.learnNames(head)
                } catch {
                    stop = day.file.map { ExportJSON.fileError(error, displayPath: batch[index].displayPath, bytes: $0.bytes) } ?? error
                    counts.append(position - starts[index])
                    break learning
                }
                position += 1
            }
            counts.append(day.heads.count)
            if let failure = day.failure {
                stop = failure
                break
            }
        }
        reader.names.asOf = Int.max

        // 3. Read the contents in parallel, each with the names known at its position.
        let content = SlackMessageContent(names: reader.names, files: reader.files)
        let starting = starts
        let counting = counts
        let heads = parsed.indices.map { index in
            defer { parsed[index].heads = [] }
            return Heads(parsed[index].heads)
        }
        let files = parsed.map(\.file)
        var converted = try Array(0..<counts.count).concurrentMap { index -> Converted in
            let heads = heads[index].take()
            var result = Converted()
            guard let file = files[index] else { return result }
            let displayPath = batch[index].displayPath
            var content = content
            var fieldWarnings = FieldWarnings(file: displayPath)
            let scanner = JSONScanner(bytes: file.bytes)
            let root = file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            result.messages.reserveCapacity(counting[index])
            for element in 0..<counting[index] {
                content.names.asOf = starting[index] + element
                do {
                    let read = try content.read(heads[element])
                    if !read.problems.isEmpty {
                        let path = TranscriptsError.pathText("", [AnyCodingKey(intValue: element)])
                        fieldWarnings.add(read.problems, at: path, offset: scanner.offset(of: JSONPath(pathText: path), inDocumentAt: root))
                    }
                    result.messages.append(read)
                } catch {
                    result.failure = ExportJSON.fileError(error, displayPath: displayPath, bytes: file.bytes)
                    return result
                }
            }
            result.warnings = fieldWarnings.warnings(in: file.bytes)
            return result
        }
        reader.names.learnedAt = [:]

        // 4. The first error in the files' order, else take the messages in.
        if let failure = converted.lazy.compactMap(\.failure).first { throw failure }
        if let stop { throw stop }
        for index in converted.indices {
            warnings += parsed[index].warnings
            // Each read message moved out of the list: bound to a name, it would be copied.
            for item in converted[index].messages.indices {
                var read = SlackReadMessage()
                swap(&read, &converted[index].messages[item])
                reader.append(read)
            }
            warnings += converted[index].warnings
        }
    }
}
