extension SearchIndexBuilder {
    /// How many documents of a part a pass over the site's documents reads between handing back the pages of
    /// the part's numbers it read (when the part was moved out of memory).
    static let releaseStep = 1 << 16

    /// The documents of all parts in date order: repeatedly the earliest next message of any conversation
    /// (ties go to the conversation added first), so each conversation keeps its own order.
    static func mergedOrder(_ parts: [SearchConversationPart]) -> [(part: Int32, local: Int32)] {
        var heads = parts.map { _ in 0 }
        var heap: [(seconds: Int64, part: Int)] = []
        func less(_ a: (seconds: Int64, part: Int), _ b: (seconds: Int64, part: Int)) -> Bool {
            a.seconds != b.seconds ? a.seconds < b.seconds : a.part < b.part
        }
        func push(_ item: (seconds: Int64, part: Int)) {
            heap.append(item)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard less(heap[child], heap[parent]) else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }
        func pop() -> (seconds: Int64, part: Int) {
            let top = heap[0]
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                var parent = 0
                while true {
                    let left = 2 * parent + 1, right = left + 1
                    var smallest = parent
                    if left < heap.count, less(heap[left], heap[smallest]) { smallest = left }
                    if right < heap.count, less(heap[right], heap[smallest]) { smallest = right }
                    if smallest == parent { break }
                    heap.swapAt(parent, smallest)
                    parent = smallest
                }
            }
            return top
        }
        for (number, part) in parts.enumerated() where !part.documents.isEmpty {
            push((part.documents.seconds(at: 0), number))
        }
        var order: [(part: Int32, local: Int32)] = []
        order.reserveCapacity(parts.reduce(0) { $0 + $1.documents.count })
        // Where each part's times were handed back up to (for a part moved out of memory).
        var released = parts.map { _ in 0 }
        while !heap.isEmpty {
            let next = pop()
            order.append((Int32(next.part), Int32(heads[next.part])))
            heads[next.part] += 1
            if heads[next.part] < parts[next.part].documents.count {
                push((parts[next.part].documents.seconds(at: heads[next.part]), next.part))
            }
            if heads[next.part] >= released[next.part] + releaseStep {
                released[next.part] = parts[next.part].documents.releaseMovedOutPages(from: released[next.part], before: heads[next.part])
            }
        }
        for (number, part) in parts.enumerated() { _ = part.documents.releaseMovedOutPages(from: released[number], before: part.documents.count) }
        return order
    }
}
