extension String {
    /// The texts as one string, written into temporary memory and then made a string at once: for short texts
    /// cheaper than `a + b` after `reserveCapacity`, interpolation, `String(unsafeUninitializedCapacity:)` or an
    /// array of bytes decoded.
    ///
    /// Takes a fixed number of parts rather than a variadic list, which would allocate an array per call.
    @inlinable
    package static func joining(_ first: String, _ second: String, _ third: String = "") -> String {
        written(length: first.utf8.count + second.utf8.count + third.utf8.count) { writer in
            writer.append(first)
            writer.append(second)
            writer.append(third)
        }
    }

    /// A string of the texts `write` appends to the writer it is given, `length` bytes in all (at most).
    @inlinable
    package static func written(length: Int, _ write: (inout TextWriter) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(length, 1)) { buffer in
            var writer = TextWriter(buffer: buffer)
            write(&writer)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<writer.count]), as: UTF8.self)
        }
    }
}

/// Appends texts' bytes to memory of a known size (`String.written(length:_:)`).
@usableFromInline
package struct TextWriter: ~Copyable {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
    /// The bytes written so far.
    @usableFromInline package var count = 0

    @inlinable
    package init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// Appends `text`'s bytes; there must be room for them.
    @inlinable
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
            precondition(bytes.count <= buffer.count - count, "TextWriter: more bytes than the length given")
            (target + count).update(from: source, count: bytes.count)
            count += bytes.count
        }
    }
}
