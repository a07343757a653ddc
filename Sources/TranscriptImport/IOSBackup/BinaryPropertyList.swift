import Foundation

/// A reader of binary property lists (`bplist00`) that keeps the references of keyed archives (`UID`s) as they
/// are: an iPhone backup's `Files.file` column is an archived `MBFile` whose fields point at other objects by
/// `UID`, which Foundation's reader does not give back the same way on every platform.
///
/// The format: the header `bplist00`, the objects, a table of their offsets, and a 32-byte trailer (the size of
/// an offset, the size of a reference, the number of objects, the top object, the table's offset). Each object
/// starts with a byte whose high four bits are its type and low four its length (15: the length follows as an
/// integer object).
enum BinaryPropertyList {
    /// A value of the list.
    indirect enum Value: Equatable {
        case null
        case bool(Bool)
        case integer(Int64)
        case real(Double)
        case data([UInt8])
        case string(String)
        case uid(Int)
        case array([Value])
        case dictionary([String: Value])

        var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
        var data: [UInt8]? { if case .data(let value) = self { value } else { nil } }
        var dictionary: [String: Value]? { if case .dictionary(let value) = self { value } else { nil } }
        var array: [Value]? { if case .array(let value) = self { value } else { nil } }
        var uid: Int? { if case .uid(let value) = self { value } else { nil } }
    }

    struct Malformed: Error {}

    /// The top object of `bytes`; an error when they are no binary property list this reader can follow.
    static func parse(_ bytes: [UInt8]) throws -> Value {
        guard bytes.count >= 40, Array(bytes.prefix(8)) == Array("bplist00".utf8) else { throw Malformed() }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        let count = Int(try number(bytes, at: trailer + 8, size: 8))
        let top = Int(try number(bytes, at: trailer + 16, size: 8))
        let table = Int(try number(bytes, at: trailer + 24, size: 8))
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count > 0, count < bytes.count,
              table >= 8, table + count * offsetSize <= trailer
        else { throw Malformed() }
        var reader = Reader(bytes: bytes, offsetSize: offsetSize, referenceSize: referenceSize, count: count, table: table)
        return try reader.object(top, depth: 0)
    }

    private static func number(_ bytes: [UInt8], at offset: Int, size: Int) throws -> UInt64 {
        guard offset >= 0, size <= 8, offset + size <= bytes.count else { throw Malformed() }
        return bytes[offset..<offset + size].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private struct Reader {
        let bytes: [UInt8]
        let offsetSize: Int
        let referenceSize: Int
        let count: Int
        let table: Int

        mutating func object(_ index: Int, depth: Int) throws -> Value {
            guard index >= 0, index < count, depth < 64 else { throw Malformed() }
            let offset = Int(try number(bytes, at: table + index * offsetSize, size: offsetSize))
            guard offset >= 8, offset < bytes.count else { throw Malformed() }
            let marker = bytes[offset]
            let type = marker >> 4, low = Int(marker & 0x0F)
            switch type {
            case 0x0: return low == 8 ? .bool(false) : low == 9 ? .bool(true) : .null
            case 0x1:
                let size = 1 << low
                return .integer(Int64(bitPattern: try number(bytes, at: offset + 1, size: size)))
            case 0x2:
                let raw = try number(bytes, at: offset + 1, size: 1 << low)
                return .real(low == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
            case 0x3: return .real(Double(bitPattern: try number(bytes, at: offset + 1, size: 8)))
            case 0x4, 0x5, 0x6:
                let (length, start) = try self.length(low, at: offset)
                let byteCount = type == 0x6 ? length * 2 : length
                guard start + byteCount <= bytes.count else { throw Malformed() }
                let slice = Array(bytes[start..<start + byteCount])
                if type == 0x4 { return .data(slice) }
                if type == 0x5 { return .string(String(decoding: slice, as: UTF8.self)) }
                let units = stride(from: 0, to: slice.count, by: 2).map { UInt16(slice[$0]) << 8 | UInt16(slice[$0 + 1]) }
                return .string(String(decoding: units, as: UTF16.self))
            case 0x8: return .uid(Int(try number(bytes, at: offset + 1, size: low + 1)))
            case 0xA, 0xD:
                let (length, start) = try self.length(low, at: offset)
                let references = try (0..<(type == 0xD ? 2 * length : length)).map {
                    Int(try number(bytes, at: start + $0 * referenceSize, size: referenceSize))
                }
                if type == 0xA { return .array(try references.map { try object($0, depth: depth + 1) }) }
                var dictionary: [String: Value] = [:]
                for position in 0..<length {
                    guard case .string(let key) = try object(references[position], depth: depth + 1) else { throw Malformed() }
                    dictionary[key] = try object(references[length + position], depth: depth + 1)
                }
                return .dictionary(dictionary)
            default: throw Malformed()
            }
        }

        /// An object's length (its marker's low bits, or the integer after it) and where its content starts.
        private func length(_ low: Int, at offset: Int) throws -> (Int, Int) {
            guard low == 0x0F else { return (low, offset + 1) }
            guard offset + 1 < bytes.count, bytes[offset + 1] >> 4 == 0x1 else { throw Malformed() }
            let size = 1 << Int(bytes[offset + 1] & 0x0F)
            let length = try number(bytes, at: offset + 2, size: size)
            guard length < UInt64(bytes.count) else { throw Malformed() }
            return (Int(length), offset + 2 + size)
        }
    }
}
