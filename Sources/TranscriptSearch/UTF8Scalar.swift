/// Reads Unicode scalars straight from UTF-8 bytes that are well-formed (as a string's are).
enum UTF8Scalar {
    /// The value of the scalar whose bytes start at `index`, moving `index` past them.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        @inline(__always) func continuation(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset]) & 0x3F }
        let value: UInt32
        let length: Int
        switch lead {
        case ..<0x80: (value, length) = (lead, 1)
        case ..<0xE0: (value, length) = ((lead & 0x1F) << 6 | continuation(1), 2)
        case ..<0xF0: (value, length) = ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        default: (value, length) = ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
        index += length
        return value
    }

    /// Appends the UTF-8 bytes of the scalar `value` to `output` at `count`, moving `count` past them.
    @inline(__always)
    static func encode(_ value: UInt32, into output: UnsafeMutablePointer<UInt8>, at count: inout Int) {
        switch value {
        case ..<0x80:
            output[count] = UInt8(truncatingIfNeeded: value)
            count += 1
        case ..<0x800:
            output[count] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
            output[count + 1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            count += 2
        case ..<0x10000:
            output[count] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
            output[count + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
            output[count + 2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            count += 3
        default:
            output[count] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
            output[count + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F)
            output[count + 2] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
            output[count + 3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            count += 4
        }
    }
}
