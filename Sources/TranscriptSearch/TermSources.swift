import TranscriptSupport

/// Where each term of the index is found: for the term numbered `n` in the conversations' merged terms
/// (`TermOrder.merged`), the parts that hold it, in order, and its number among each one's terms.
///
/// Found by walking each part's sorted terms beside the merged ones (`TermOrder.positions`), so no term is hashed:
/// looking every term up in every part by name cost a hash and, for text beyond ASCII, a normalizing comparison
/// each time.
struct TermSources {
    /// The sources of term `n` are `parts[starts[n]..<starts[n + 1]]` with `locals` at the same places.
    private var starts: [Int]
    private var parts: [Int32]
    private var locals: [Int32]

    /// The sources of `merged`'s terms among `partTerms` (each part's terms, as `merged` sorted, and all in it).
    init(merged: [String], partTerms: [[String]]) throws {
        let positions = try partTerms.concurrentMap { TermOrder.positions(of: $0, in: merged) }
        var starts = [Int](repeating: 0, count: merged.count + 1)
        for list in positions {
            for position in list where position >= 0 { starts[Int(position) + 1] += 1 }
        }
        for number in merged.indices { starts[number + 1] += starts[number] }
        var next = starts
        parts = [Int32](repeating: 0, count: starts[merged.count])
        locals = parts
        for (part, list) in positions.enumerated() {
            for (local, position) in list.enumerated() where position >= 0 {
                let slot = next[Int(position)]
                parts[slot] = Int32(part)
                locals[slot] = Int32(local)
                next[Int(position)] = slot + 1
            }
        }
        self.starts = starts
    }

    /// Calls `body` with each part that holds term `number` and the term's number there, parts in order.
    func forEach(of number: Int, _ body: (_ part: Int, _ local: Int) -> Void) {
        for slot in starts[number]..<starts[number + 1] { body(Int(parts[slot]), Int(locals[slot])) }
    }
}
