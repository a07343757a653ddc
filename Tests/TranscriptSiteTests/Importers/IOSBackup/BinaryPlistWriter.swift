import Foundation

@testable import TranscriptImport

/// Writes binary property lists (`bplist00`) with keyed archives' `UID`s, for the tests' encrypted backups:
/// an `MBFile` archived as NSKeyedArchiver writes it (`$archiver`, `$version`, `$top`, `$objects`). The
/// layout is the one `BinaryPropertyList` reads: objects, the offset table, a 32-byte trailer.
enum BinaryPlistWriter {
    typealias Value = BinaryPropertyList.Value

    static func write(_ top: Value) -> [UInt8] {
        var objects: [[UInt8]] = []
        func add(_ value: Value) -> Int {
            let index = objects.count
            objects.append([])
            var bytes: [UInt8] = []
            func marker(_ type: UInt8, _ length: Int) {
                if length < 15 {
                    bytes.append(type << 4 | UInt8(length))
                } else {
                    bytes.append(type << 4 | 0x0F)
                    bytes.append(0x13)
                    bytes += withUnsafeBytes(of: UInt64(length).bigEndian, Array.init)
                }
            }
            switch value {
            case .null: bytes = [0x00]
            case .bool(let flag): bytes = [flag ? 0x09 : 0x08]
            case .integer(let number): bytes = [0x13] + withUnsafeBytes(of: number.bigEndian, Array.init)
            case .real(let number): bytes = [0x23] + withUnsafeBytes(of: number.bitPattern.bigEndian, Array.init)
            case .data(let data): marker(0x4, data.count); bytes += data
            case .string(let text): marker(0x5, text.utf8.count); bytes += Array(text.utf8)
            case .uid(let number): bytes = [0x83] + withUnsafeBytes(of: UInt32(number).bigEndian, Array.init)
            case .array(let items):
                let references = items.map(add)
                marker(0xA, references.count)
                bytes += references.flatMap { withUnsafeBytes(of: UInt32($0).bigEndian, Array.init) }
            case .dictionary(let dictionary):
                let keys = dictionary.keys.sorted()
                let keyReferences = keys.map { add(.string($0)) }
                let valueReferences = keys.map { add(dictionary[$0]!) }
                marker(0xD, keys.count)
                bytes += (keyReferences + valueReferences).flatMap { withUnsafeBytes(of: UInt32($0).bigEndian, Array.init) }
            }
            objects[index] = bytes
            return index
        }
        let top = add(top)
        var result = Array("bplist00".utf8)
        var offsets: [UInt64] = []
        for object in objects {
            offsets.append(UInt64(result.count))
            result += object
        }
        let table = UInt64(result.count)
        for offset in offsets { result += withUnsafeBytes(of: offset.bigEndian, Array.init) }
        result += [0, 0, 0, 0, 0, 0, 8, 4]
        result += withUnsafeBytes(of: UInt64(objects.count).bigEndian, Array.init)
        result += withUnsafeBytes(of: UInt64(top).bigEndian, Array.init)
        result += withUnsafeBytes(of: table.bigEndian, Array.init)
        return result
    }

    /// An `MBFile` archived: its `EncryptionKey` (an `NSMutableData`), `ProtectionClass` and `Size`.
    static func mbFile(encryptionKey: [UInt8], protectionClass: Int, size: Int) -> [UInt8] {
        write(.dictionary([
            "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000),
            "$top": .dictionary(["root": .uid(1)]),
            "$objects": .array([
                .string("$null"),
                .dictionary([
                    "$class": .uid(3), "EncryptionKey": .uid(2), "ProtectionClass": .integer(Int64(protectionClass)),
                    "Size": .integer(Int64(size)), "Mode": .integer(33188),
                ]),
                .dictionary(["$class": .uid(4), "NS.data": .data(encryptionKey)]),
                .dictionary(["$classname": .string("MBFile"), "$classes": .array([.string("MBFile"), .string("NSObject")])]),
                .dictionary(["$classname": .string("NSMutableData"), "$classes": .array([.string("NSMutableData"), .string("NSData"), .string("NSObject")])]),
            ]),
        ]))
    }
}
