import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Reads a big canonical `.json` conversation with its messages parsed and decoded on all cores: the
/// document's outline is scanned first (where the conversation's fields and each message start and end),
/// then the messages are read a chunk at a time, in parallel.
///
/// It gives the same conversation as reading the whole document at once, and the same errors for mapping
/// mistakes (the first one in document order, with its JSON path). For anything it is unsure of (a syntax
/// error, a repeated key, a document that is not an object with a list of messages) it returns nil, and
/// the caller reads the document whole, which reports syntax errors with their line and column.
struct ParallelConversationReader {
    /// Below this many messages the document is read whole.
    static let minimumMessages = 2048

    package let bytes: UnsafeBufferPointer<UInt8>
    package let context: JSONDecodingContext
    /// The mapping `bytes` are in, whose pages are released once read; nil when they are not a mapped file.
    package var file: MappedFile? = nil

    /// The conversation, a digest of each message's bytes (`ContentDigest.sourceDigest`), and its strings that
    /// held bytes that are not UTF-8 (placed in `bytes`).
    package func read() throws -> (conversation: Conversation, messageDigests: [UInt64], invalidUTF8: InvalidUTF8?)? {
        let scanner = JSONScanner(bytes: bytes, releasingPagesOf: file)
        let start = scanner.skipWhitespace(bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0)
        guard let end = scanner.endOfValue(at: start), scanner.skipWhitespace(end) == bytes.count,
              let members = scanner.members(ofObjectAt: start), Set(members.map(\.key)).count == members.count,
              let messages = members.first(where: { $0.key == "messages" }),
              let elements = scanner.elements(ofArrayAt: messages.value.lowerBound),
              elements.count >= Self.minimumMessages
        else { return nil }
        // The scan read every page; the messages are read again a chunk at a time.
        file?.release(0..<bytes.count)
        // The conversation without its messages (its own mistakes come first, as when it is read whole, but
        // after any syntax error, which a whole read finds before it maps anything).
        var fields: [String: JSONValue] = ["messages": .array([])]
        let document = 0..<bytes.count
        var invalidUTF8: InvalidUTF8?
        for member in members where member.key != "messages" {
            var found: InvalidUTF8?
            guard let value = try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[member.value]), depth: 1, invalidUTF8: &found)
            else { return nil }
            invalidUTF8.add(found?.placed(at: member.value.lowerBound, in: document))
            fields[member.key] = value
        }
        let header = Result { try Conversation(json: .object(fields), path: [], context: self.context) }

        enum Outcome {
            case messages([Message], digests: [UInt64], invalidUTF8: InvalidUTF8?)
            case syntaxError
            case mappingError(index: Int, any Error)
        }
        let shared = SharedElements(bytes: bytes, elements: elements)
        let context = self.context
        let file = self.file
        let outcomes = try chunkRanges(count: elements.count, chunkSize: 512).concurrentMap { chunk -> Outcome in
            var decoded: [Message] = []
            var digests: [UInt64] = []
            var invalidUTF8: InvalidUTF8?
            decoded.reserveCapacity(chunk.count)
            digests.reserveCapacity(chunk.count)
            for index in chunk {
                let element = shared.element(index)
                var found: InvalidUTF8?
                guard let json = try? JSONParser.parse(element, depth: 2, invalidUTF8: &found) else { return .syntaxError }
                invalidUTF8.add(found?.placed(at: shared.elements[index].lowerBound, in: document))
                digests.append(ContentDigest.sourceDigest(element))
                do {
                    decoded.append(try Message(
                        json: json, path: [AnyCodingKey(stringValue: "messages"), AnyCodingKey(intValue: index)], context: context))
                } catch {
                    return .mappingError(index: index, error)
                }
            }
            file?.release(elements[chunk.lowerBound].lowerBound..<elements[chunk.upperBound - 1].upperBound)
            return .messages(decoded, digests: digests, invalidUTF8: invalidUTF8)
        }
        // A syntax error anywhere comes before any mapping error (the whole document is parsed first).
        if outcomes.contains(where: { if case .syntaxError = $0 { true } else { false } }) { return nil }
        var conversation = try header.get()
        var all: [Message] = []
        var allDigests: [UInt64] = []
        all.reserveCapacity(elements.count)
        allDigests.reserveCapacity(elements.count)
        for outcome in outcomes {
            switch outcome {
            case .messages(let decoded, let digests, let found):
                all += decoded
                allDigests += digests
                invalidUTF8.add(found)
            case .syntaxError: return nil
            case .mappingError(_, let error): throw error
            }
        }
        conversation.messages = all
        return (conversation, allDigests, invalidUTF8)
    }
}

/// The document and its messages' ranges, read from several threads while the file is mapped.
private struct SharedElements: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let elements: [Range<Int>]

    func element(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[elements[index]])
    }
}
