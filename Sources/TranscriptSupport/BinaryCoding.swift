import Foundation

/// Writes numbers and strings into a compact byte buffer (LEB128 variable-length integers, strings as a
/// length and their UTF-8 bytes); `BinaryReader` reads them back in the same order.
package struct BinaryWriter {
    package private(set) var bytes: [UInt8] = []

    package init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// Makes room for `count` bytes in all, so that writing up to them grows the buffer no more.
    package mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// The bytes written so far, the writer emptied (keeping its room), to hand on a piece at a time.
    package mutating func takeBytes() -> [UInt8] {
        let taken = bytes
        bytes.removeAll(keepingCapacity: true)
        return taken
    }

    package mutating func write(_ value: UInt64) {
        if value < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value))
            return
        }
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    package mutating func write(_ value: Int) { write(UInt64(bitPattern: Int64(value))) }

    /// A signed number, zigzag-coded so that small negative numbers stay short.
    package mutating func write(signed value: Int64) { write(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    package mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    package mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(utf8: $0) }
    }

    /// UTF-8 bytes, as `write(_:)` writes a string of them (`BinaryReader.readString` reads them).
    package mutating func write(utf8: UnsafeBufferPointer<UInt8>) {
        write(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    package mutating func write(_ text: String?) {
        write(text != nil)
        if let text { write(text) }
    }
}

/// Reads what a `BinaryWriter` wrote; throws `BinaryReader.Truncated` at the end of the bytes or on a bad value.
package struct BinaryReader {
    package struct Truncated: Error {
        package init() {}
    }

    private let bytes: [UInt8]
    private var offset = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package var isAtEnd: Bool { offset == bytes.count }

    package mutating func readUInt64() throws -> UInt64 {
        if offset < bytes.count, bytes[offset] < 0x80 {
            offset += 1
            return UInt64(bytes[offset - 1])
        }
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Truncated() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    package mutating func readInt() throws -> Int { Int(Int64(bitPattern: try readUInt64())) }

    /// A count or size: not negative, and not more than the bytes left could hold.
    package mutating func readCount() throws -> Int {
        let count = try readUInt64()
        guard count <= UInt64(bytes.count - offset) else { throw Truncated() }
        return Int(count)
    }

    package mutating func readSigned() throws -> Int64 {
        let raw = try readUInt64()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    package mutating func readBool() throws -> Bool {
        guard offset < bytes.count, bytes[offset] <= 1 else { throw Truncated() }
        offset += 1
        return bytes[offset - 1] == 1
    }

    package mutating func readString() throws -> String {
        let count = try readCount()
        defer { offset += count }
        return bytes.withUnsafeBufferPointer { String(decoding: $0[offset..<offset + count], as: UTF8.self) }
    }

    package mutating func readOptionalString() throws -> String? {
        try readBool() ? try readString() : nil
    }
}
