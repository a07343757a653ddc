import TranscriptModel
import TranscriptSupport

/// The source keys of an export's chats, made on all cores: a chat's key is a digest of its bytes, its place in
/// the export (its JSON path and number, and the line and column it starts at, which its warnings count from),
/// the folder its media are in, and the warnings given with it that are not its own. A chat whose key the
/// previous build knows is not parsed, so in an edit this is most of the reading: every byte of the export is
/// digested, and its lines counted.
enum TelegramChatKeys {
    /// A chat of the export: its bytes, its JSON path (empty for a single chat's export) and the warnings given with it.
    struct Chat: Sendable {
        var range: Range<Int>
        var path: String
        var warnings: [String]
    }

    /// The key of each chat, in order. Each chat's bytes (and those before it) are let go once read.
    static func make(_ export: MappedJSONExport, chats: [Chat], folder: String, pieceSize: Int = pieceSize) throws -> [String] {
        try measure(export, chats: chats, pieceSize: pieceSize).enumerated().map { number, measured in
            let chat = chats[number]
            var key = FastDigest()
            key.add("telegram chat 5")
            key.add(chat.path)
            key.add(UInt64(number))
            key.add(folder)
            for warning in chat.warnings {
                key.add(UInt64(warning.utf8.count))
                key.add(warning)
            }
            key.add(UInt64(chat.range.count))
            key.add(measured.digest)
            key.add(UInt64(measured.start.line))
            key.add(UInt64(measured.start.column))
            return String(key.value, radix: 16)
        }
    }

    /// Where each chat starts, and a digest of its bytes (of its pieces' digests: it depends on `pieceSize`).
    ///
    /// The bytes before each chat and the chat's own are read in pieces of at most `pieceSize`, measured and
    /// digested on all cores (an export's chats are seldom of one size: one may hold most of its bytes). Each
    /// piece's pages are handed back once read, so a chat of hundreds of megabytes is never in memory whole.
    static func measure(_ export: MappedJSONExport, chats: [Chat], pieceSize: Int) throws -> [(start: TextPosition, digest: UInt64)] {
        var pieces: [Piece] = []
        for (number, chat) in chats.enumerated() {
            let gapStart = number == 0 ? 0 : min(chats[number - 1].range.upperBound, chat.range.lowerBound)
            pieces.append(Piece(chat: number, range: gapStart..<chat.range.lowerBound, isGap: true))
            for start in stride(from: chat.range.lowerBound, to: chat.range.upperBound, by: pieceSize) {
                pieces.append(Piece(chat: number, range: start..<min(start + pieceSize, chat.range.upperBound), isGap: false))
            }
        }
        let measured = try pieces.concurrentMap { piece in
            let bytes = UnsafeBufferPointer(rebasing: export.scanner.bytes[piece.range])
            let stretch = TextPosition.Stretch(bytes)
            var digest = FastDigest()
            if !piece.isGap { digest.addInLanes(UnsafeRawBufferPointer(bytes)) }
            export.release(piece.range)
            return (stretch: stretch, digest: digest.value)
        }
        var position = TextPosition.start
        var result: [(start: TextPosition, digest: UInt64)] = []
        result.reserveCapacity(chats.count)
        var next = 0
        for number in chats.indices {
            // The gap first: the chat starts where it ends.
            position = position.advanced(over: measured[next].stretch)
            next += 1
            let start = position
            var digest = FastDigest()
            while next < pieces.count, pieces[next].chat == number {
                digest.add(measured[next].digest)
                position = position.advanced(over: measured[next].stretch)
                next += 1
            }
            result.append((start, digest.value))
        }
        return result
    }

    /// The most bytes one piece of a chat holds, unless told otherwise.
    static let pieceSize = 4 << 20

    /// A stretch of the export's bytes: a chat's own, or those between it and the chat before (`isGap`).
    private struct Piece: Sendable {
        var chat: Int
        var range: Range<Int>
        var isGap: Bool
    }
}
