/// The bytes a compiled template writes, in memory of its own: appending a run checks the room left and copies
/// it. A message's template appends about fifty short runs (a tag's text, a value), and `Array.append(contentsOf:)`
/// costs several times as much for each (its uniqueness and capacity checks, made generic).
struct RenderedBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        append(start, count: bytes.count)
    }

    /// Appends the `length` bytes at `start`.
    @inline(__always)
    mutating func append(_ start: UnsafePointer<UInt8>, count length: Int) {
        if length > capacity &- count { grow(toHold: length) }
        (base + count).update(from: start, count: length)
        count &+= length
    }

    /// Makes room for `length` more bytes: at least twice the room there was.
    private mutating func grow(toHold length: Int) {
        let newCapacity = max(capacity * 2, count + length)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// Appends the bytes written to `output` (made as they are when `output` is empty).
    func append(to output: inout [UInt8]) {
        let bytes = UnsafeBufferPointer(start: UnsafePointer(base), count: count)
        if output.isEmpty {
            output = Array(bytes)
        } else {
            output.append(contentsOf: bytes)
        }
    }
}
