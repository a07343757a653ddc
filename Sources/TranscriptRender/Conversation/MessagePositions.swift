import TranscriptModel

/// Each message's position in its conversation, found by its id: a table of positions that compares the messages'
/// own ids, 4 bytes a slot, where a `[String: Int]` held every id again beside its position (about 40 bytes a
/// message, 15 MB for a chat of 380,000).
package struct MessagePositions: Sendable {
    private let messages: [Message]
    /// A position plus one, or 0 for an empty slot; at most half the slots are used.
    private let slots: [UInt32]
    /// The first message whose id an earlier message has (its position, and the earlier one's): the table then
    /// holds the messages before it.
    package let firstRepeated: (position: Int, first: Int)?

    package init(_ messages: [Message]) {
        // Positions of 32 bits: a conversation of four billion messages is not held in memory anyway.
        precondition(messages.count < Int(UInt32.max), "too many messages")
        var size = 16
        while size < 2 * messages.count { size *= 2 }
        var slots = [UInt32](repeating: 0, count: size)
        let mask = size - 1
        var repeated: (position: Int, first: Int)?
        // By index: a message copied out of the array would retain every field it holds.
        placing: for position in messages.indices {
            var slot = messages[position].id.hashValue & mask
            while slots[slot] != 0 {
                let other = Int(slots[slot]) - 1
                if messages[other].id == messages[position].id {
                    repeated = (position, other)
                    break placing
                }
                slot = (slot + 1) & mask
            }
            slots[slot] = UInt32(position + 1)
        }
        self.messages = messages
        self.slots = slots
        firstRepeated = repeated
    }

    /// The position of the message with the id `id`, or nil when no message has it.
    package subscript(_ id: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if messages[Int(entry) - 1].id == id { return Int(entry) - 1 }
            slot = (slot + 1) & mask
        }
    }
}
