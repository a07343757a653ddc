import Foundation

/// A digest of each file of the output as the build made it, with the file's stamp: a later build whose new
/// bytes have the same digest leaves a file whose stamp is unchanged alone, without reading it back.
struct OutputDigests {
    struct Entry: Equatable {
        var stamp: FileStamp
        var digest: UInt64
    }

    var entries: [String: Entry] = [:]

    /// A fast 64-bit digest of a file's bytes, given in parts, eight bytes at a time (enough to tell changed
    /// files from unchanged ones; the same parts always give the same digest).
    struct Digester {
        private var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        private var total = 0

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            total += bytes.count
            var index = 0
            while index + 8 <= bytes.count {
                let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                hash = (hash ^ word) &* 0x0000_0100_0000_01B3
                hash = (hash << 29) | (hash >> 35)
                index += 8
            }
            while index < bytes.count {
                hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
                index += 1
            }
            hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01B3
        }

        var value: UInt64 {
            var result = hash ^ UInt64(total)
            result = (result ^ (result >> 33)) &* 0xFF51_AFD7_ED55_8CCD
            return result ^ (result >> 33)
        }
    }

    func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write("output digests 1")
        writer.write(entries.count)
        for path in entries.keys.sorted() {
            let entry = entries[path]!
            writer.write(path)
            writer.write(signed: entry.stamp.size)
            writer.write(signed: entry.stamp.modified)
            writer.write(entry.stamp.inode)
            writer.write(entry.stamp.device)
            writer.write(entry.digest)
        }
        return writer.bytes
    }

    init() {}

    init?(_ bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        do {
            guard try reader.readString() == "output digests 1" else { return nil }
            let count = try reader.readCount()
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let path = try reader.readString()
                let stamp = FileStamp(
                    size: try reader.readSigned(), modified: try reader.readSigned(), inode: try reader.readUInt64(),
                    device: try reader.readUInt64())
                entries[path] = Entry(stamp: stamp, digest: try reader.readUInt64())
            }
            guard reader.isAtEnd else { return nil }
        } catch {
            return nil
        }
    }
}
