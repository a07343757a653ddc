import TranscriptModel

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
    static func make(_ export: MappedJSONExport, chats: [Chat], folder: String) throws -> [String] {
        // Each chat's bytes are measured and digested apart; where a chat starts needs what came before it.
        let measured = try Array(chats.indices).concurrentMap { number in
            let chat = chats[number]
            let gapStart = number == 0 ? 0 : min(chats[number - 1].range.upperBound, chat.range.lowerBound)
            let gap = gapStart..<chat.range.lowerBound
            let before = TextPosition.Stretch(UnsafeBufferPointer(rebasing: export.scanner.bytes[gap]))
            export.release(gap)
            var digest = FastDigest()
            digest.add(chat.path)
            digest.add(UInt64(number))
            digest.add(folder)
            for warning in chat.warnings {
                digest.add(UInt64(warning.utf8.count))
                digest.add(warning)
            }
            digest.add(UInt64(chat.range.count))
            // A piece at a time, each piece's pages handed back once read: a chat of hundreds of megabytes is
            // never in memory whole.
            var within = TextPosition.Stretch(lineFeeds: 0, trailingScalars: 0)
            for start in stride(from: chat.range.lowerBound, to: chat.range.upperBound, by: 16 << 20) {
                let range = start..<min(start + (16 << 20), chat.range.upperBound)
                let piece = UnsafeBufferPointer(rebasing: export.scanner.bytes[range])
                digest.add(UnsafeRawBufferPointer(piece))
                let stretch = TextPosition.Stretch(piece)
                within = TextPosition.Stretch(
                    lineFeeds: within.lineFeeds + stretch.lineFeeds,
                    trailingScalars: stretch.lineFeeds > 0 ? stretch.trailingScalars : within.trailingScalars + stretch.trailingScalars)
                export.release(range)
            }
            return (before: before, within: within, digest: digest.value)
        }
        var position = TextPosition.start
        var keys: [String] = []
        keys.reserveCapacity(chats.count)
        for chat in measured {
            position = position.advanced(over: chat.before)
            var key = FastDigest()
            key.add("telegram chat 3")
            key.add(chat.digest)
            key.add(UInt64(position.line))
            key.add(UInt64(position.column))
            keys.append(String(key.value, radix: 16))
            position = position.advanced(over: chat.within)
        }
        return keys
    }
}
