import TranscriptSupport

/// A strings-table text with placeholders (`{first} and {second}`), cut at its placeholders once, so that
/// filling it in is joining its pieces with the values: one allocation, where `StringTable.text(_:_:)` looks
/// the key up and reads the text for braces each time (a row fills in several such texts for each reaction).
///
/// Filled in, a pattern gives exactly what `StringTable.text(_:_:)` gives for the same values.
package struct TextPattern: Sendable, Equatable {
    /// The text's own runs: one more than `slots`, a slot between each two.
    let pieces: [String]
    /// For each slot, the number of the value it shows (the position of its name in the names given).
    let slots: [Int]

    /// The text of `key` in `strings` cut at the placeholders `names`; nil when the text cannot be cut (it holds a
    /// NUL, the mark this cutting uses), which leaves it to `StringTable.text(_:_:)`.
    package init?(_ key: String, in strings: StringTable, names: [String]) {
        guard names.count < 10 else { return nil }
        // Each placeholder filled with a mark that no table text holds: NUL, the value's number, NUL.
        let marks = names.indices.map { "\u{0}\($0)\u{0}" }
        var filled = strings.text(key, pairs: Array(zip(names, marks)))
        let cut = filled.withUTF8 { bytes -> (pieces: [String], slots: [Int])? in
            var pieces: [String] = []
            var slots: [Int] = []
            var runStart = 0
            var index = 0
            while index < bytes.count {
                guard bytes[index] == 0 else {
                    index += 1
                    continue
                }
                // A mark is NUL, one digit, NUL; anything else with a NUL is not cut.
                guard index + 2 < bytes.count, (0x30...0x39).contains(bytes[index + 1]), bytes[index + 2] == 0,
                      Int(bytes[index + 1] - 0x30) < names.count
                else { return nil }
                pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self))
                slots.append(Int(bytes[index + 1] - 0x30))
                index += 3
                runStart = index
            }
            pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self))
            return (pieces, slots)
        }
        guard let cut else { return nil }
        pieces = cut.pieces
        slots = cut.slots
    }

    /// The text with `values` (in the order of the names the pattern was made with) in their places.
    package func filled(_ values: [String]) -> String {
        var length = 0
        for piece in pieces { length += piece.utf8.count }
        for slot in slots { length += values[slot].utf8.count }
        return String.written(length: length) { writer in
            for (position, slot) in slots.enumerated() {
                writer.append(pieces[position])
                writer.append(values[slot])
            }
            writer.append(pieces[pieces.count - 1])
        }
    }

    /// `items` joined with `separator` between each two, made at its length (as `joined(separator:)` gives it).
    package static func joined(_ items: ArraySlice<String>, separator: String) -> String {
        var length = separator.utf8.count * max(0, items.count - 1)
        for item in items { length += item.utf8.count }
        return String.written(length: length) { writer in
            for (position, item) in items.enumerated() {
                if position > 0 { writer.append(separator) }
                writer.append(item)
            }
        }
    }
}
