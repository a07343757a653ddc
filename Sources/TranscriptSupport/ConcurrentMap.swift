import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// Maps the elements on all cores, keeping their order; rethrows the first error by index.
    package func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) throws -> Result) throws -> [Result] {
        if count <= 1 { return try map(transform) }
        let slots = ResultSlots<Result>(count: count)
        self.withUnsafeBufferPointer { elements in
            let shared = UnsafeSendable(elements)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots.store(Swift.Result { try transform(shared.value[index]) }, at: index)
            }
        }
        return try slots.results()
    }
}

/// Splits `0..<count` into about `chunkSize`-long ranges, for work that is mapped chunk by chunk.
package func chunkRanges(count: Int, chunkSize: Int) -> [Range<Int>] {
    stride(from: 0, to: count, by: max(1, chunkSize)).map { $0..<Swift.min($0 + chunkSize, count) }
}

/// Per-index result storage written from many threads, each index by exactly one.
private final class ResultSlots<Value: Sendable>: Sendable {
    private let storage: Mutex<[Result<Value, any Error>?]>

    init(count: Int) { storage = Mutex(Array(repeating: nil, count: count)) }

    func store(_ result: Result<Value, any Error>, at index: Int) {
        storage.withLock { $0[index] = result }
    }

    func results() throws -> [Value] {
        try storage.withLock { slots in try slots.map { try $0!.get() } }
    }
}

/// A value whose use from several threads the caller has made safe (read-only here).
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
