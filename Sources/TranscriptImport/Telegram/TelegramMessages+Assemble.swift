import TranscriptModel
import TranscriptSupport

extension TelegramMessages {
    /// The messages in order, their senders as participants (in order of first appearance), and posts in a
    /// forum topic (a "reply" to the topic's `topic_created` message) joined to it as a thread. A message whose
    /// date could not be read is dated like the one before it (the first, like the first dated one); what a
    /// message's fields held when they could not be read follows it, in a `fields` part. `converted` is the
    /// converted messages in chunks, in order; each chunk is let go once its messages are moved out.
    ///
    /// Given `sourceDigests` (a digest of each converted message's bytes, `ContentDigest.sourceDigest`), it also
    /// gives a digest of each message it returns (see `messageDigest`).
    ///
    /// The chunks are moved into the list on all cores: first what each chunk holds that the ones after it
    /// depend on (`ChunkOutline`), then, with where each starts and what comes before it known, every message is
    /// moved into its place, its date, thread and reply set, its `fields` part made and its digest taken.
    static func assemble(
        _ converted: consuming [[Converted]], sourceDigests: [UInt64]? = nil
    ) -> (messages: [Message], participants: [Participant], digests: [UInt64]?) {
        let slots = converted.map(ChunkSlot.init)
        converted = []
        let outlines = (try? slots.concurrentMap { ChunkOutline($0.items) }) ?? []
        let count = outlines.reduce(0) { $0 + $1.count }
        let sourceDigests = sourceDigests?.count == count ? sourceDigests : nil

        // Where each chunk starts, the date a message before it leaves, the topics and the participants.
        var starts: [ChunkStart] = []
        starts.reserveCapacity(outlines.count)
        var index = 0
        var place = 0
        var previousDate = outlines.lazy.compactMap(\.firstDated).first
        var topics: [String: Int] = [:]
        var participants: [Participant] = []
        var known: Set<String> = []
        for outline in outlines {
            starts.append(ChunkStart(index: index, place: place, previousDate: previousDate))
            for (id, local) in outline.topics where topics[id] == nil { topics[id] = index + local }
            for (sender, name) in outline.senders where known.insert(sender).inserted {
                participants.append(Participant(id: sender, name: name ?? sender))
            }
            if outline.count > 0 { previousDate = outline.lastDated ?? previousDate ?? outline.firstDate }
            index += outline.count
            place += outline.count + outline.parts
        }

        let chunkStarts = starts, topicStarts = topics
        var digests: [[UInt64]] = []
        let messages = [Message](unsafeUninitializedCapacity: place) { buffer, initialized in
            let destination = Destination(base: buffer.baseAddress)
            let placed = (try? Array(slots.indices).concurrentMap { number in
                Self.place(
                    slots[number], at: chunkStarts[number], into: destination, topics: topicStarts, sourceDigests: sourceDigests)
            }) ?? []
            // Every place written once: each chunk ends where the next one starts.
            let ends = placed.map(\.end)
            precondition(
                ends == chunkStarts.dropFirst().map(\.place) + (chunkStarts.isEmpty ? [] : [place]),
                "a chunk of messages did not fill its places")
            digests = placed.map(\.digests)
            initialized = place
        }
        return (messages, participants, sourceDigests == nil ? nil : digests.flatMap { $0 })
    }

    /// Moves a chunk's messages into the list at `start.place` on, each changed as `assemble` says (and its
    /// `fields` part after it): the digests of the messages placed (when `sourceDigests` is given), and the place
    /// after the last.
    private static func place(
        _ slot: ChunkSlot, at start: ChunkStart, into destination: Destination, topics: [String: Int], sourceDigests: [UInt64]?
    ) -> (digests: [UInt64], end: Int) {
        var chunk: [Converted] = []
        swap(&chunk, &slot.items)
        var digests: [UInt64] = []
        if sourceDigests != nil { digests.reserveCapacity(chunk.count) }
        var previousDate = start.previousDate
        var place = start.place
        for local in chunk.indices {
            let index = start.index + local
            // Moved out of the chunk into its place, and changed there: a copy would retain each of its parts (and
            // the chunk's end release them again).
            let slot = destination.base! + place
            slot.initialize(to: Message(id: "", sender: nil, date: Timestamp(secondsSince1970: 0), kind: .text("")))
            swap(&slot.pointee, &chunk[local].message)
            if let reply = slot.pointee.replyTo, let topic = topics[reply], topic <= index {
                slot.pointee.thread = reply
                slot.pointee.replyTo = nil
            }
            if chunk[local].undated, let previousDate { slot.pointee.date = previousDate }
            previousDate = slot.pointee.date
            if let sourceDigests {
                digests.append(messageDigest(
                    date: slot.pointee.date, thread: slot.pointee.thread, replyTo: slot.pointee.replyTo,
                    source: sourceDigests[index], index: index, part: false))
            }
            let part = chunk[local].problems.hasKeptPart
                ? chunk[local].problems.keptPart(id: slot.pointee.id + "-fields", sender: slot.pointee.sender, date: slot.pointee.date)
                : nil
            place += 1
            if let part {
                if let sourceDigests { digests.append(messageDigest(part, source: sourceDigests[index], index: index, part: true)) }
                (destination.base! + place).initialize(to: part)
                place += 1
            }
        }
        return (digests, place)
    }

    /// A chunk of converted messages, taken out by the one task that places them.
    private final class ChunkSlot: @unchecked Sendable {
        var items: [Converted]
        init(_ items: [Converted]) { self.items = items }
    }

    /// The list's memory, each place of it written by exactly one task.
    private struct Destination: @unchecked Sendable {
        let base: UnsafeMutablePointer<Message>?
    }

    /// Where a chunk's messages go: the index of its first message among the converted ones, its first place in
    /// the list (after the `fields` parts before it), and the date of the message before it.
    private struct ChunkStart: Sendable {
        var index: Int
        var place: Int
        var previousDate: Timestamp?
    }

    /// What the chunks after a chunk depend on: how many messages and `fields` parts it has, its first date,
    /// its first and last date that was read, the topics it starts (by id, with the message's place in the
    /// chunk), and its senders in order of first appearance, with their names.
    private struct ChunkOutline: Sendable {
        var count = 0
        var parts = 0
        var firstDate: Timestamp?
        var firstDated: Timestamp?
        var lastDated: Timestamp?
        var topics: [(id: String, local: Int)] = []
        var senders: [(id: String, name: String?)] = []

        init(_ chunk: [Converted]) {
            count = chunk.count
            firstDate = chunk.first?.message.date
            var known: Set<String> = []
            for local in chunk.indices {
                if chunk[local].problems.hasKeptPart { parts += 1 }
                if !chunk[local].undated {
                    if firstDated == nil { firstDated = chunk[local].message.date }
                    lastDated = chunk[local].message.date
                }
                if chunk[local].startsTopic { topics.append((chunk[local].message.id, local)) }
                if let sender = chunk[local].message.sender, known.insert(sender).inserted {
                    senders.append((sender, chunk[local].senderName))
                }
            }
        }
    }
}
