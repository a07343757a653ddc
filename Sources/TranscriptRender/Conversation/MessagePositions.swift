import TranscriptModel

/// Each message's position in its conversation, found by its id: a table of positions that compares the messages'
/// own ids, 4 bytes a slot and at most 4 slots for 3 messages, where a `[String: Int]` held every id again beside
/// its position (about 40 bytes a message, 15 MB for a chat of 380,000).
package struct MessagePositions: Sendable {
    private let messages: [Message]
    /// A position plus one in the low `positionBits` bits (0 for an empty slot), and above them the id's hash's bits
    /// above those that choose the slot, so that most slots of other ids are passed over without comparing ids; at
    /// most three quarters of the slots are used.
    private let slots: [UInt32]
    /// As many as the slots' number has (a power of two): a position plus one never fills more.
    private let positionBits: Int
    /// The first message whose id an earlier message has (its position, and the earlier one's): the table then
    /// holds the messages before it.
    package let firstRepeated: (position: Int, first: Int)?

    package init(_ messages: [Message]) {
        // Slots of 32 bits: a conversation of two billion messages is not held in memory anyway.
        precondition(messages.count < 1 << 31, "too many messages")
        var size = 16
        while 3 * size < 4 * messages.count { size *= 2 }
        let positionBits = size.trailingZeroBitCount
        var slots = [UInt32](repeating: 0, count: size)
        let mask = size - 1
        var repeated: (position: Int, first: Int)?
        // By index: a message copied out of the array would retain every field it holds.
        placing: for position in messages.indices {
            let hash = messages[position].id.hashValue
            let tag = Self.tag(of: hash, positionBits: positionBits)
            var slot = hash & mask
            while slots[slot] != 0 {
                let entry = slots[slot]
                let other = Int(entry & UInt32(mask)) - 1
                if entry & ~UInt32(mask) == tag, messages[other].id == messages[position].id {
                    repeated = (position, other)
                    break placing
                }
                slot = (slot + 1) & mask
            }
            slots[slot] = tag | UInt32(position + 1)
        }
        self.messages = messages
        self.slots = slots
        self.positionBits = positionBits
        firstRepeated = repeated
    }

    /// The bits of `hash` a slot keeps above its position.
    private static func tag(of hash: Int, positionBits: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: (UInt64(UInt(bitPattern: hash)) >> positionBits) << positionBits)
    }

    /// The position of the message with the id `id`, or nil when no message has it.
    package subscript(_ id: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        let hash = id.hashValue
        let tag = Self.tag(of: hash, positionBits: positionBits)
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            let position = Int(entry & UInt32(mask)) - 1
            if entry & ~UInt32(mask) == tag, messages[position].id == id { return position }
            slot = (slot + 1) & mask
        }
    }
}
