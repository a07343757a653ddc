import Foundation
import TranscriptModel
import TranscriptSupport

/// A digest of each file of the output as the build made it, with the file's stamp: a later build whose new
/// bytes have the same digest leaves a file whose stamp is unchanged alone, without reading it back.
struct OutputDigests {
    struct Entry: Equatable {
        var stamp: FileStamp
        var digest: UInt64
    }

    var entries: [String: Entry] = [:]

    package func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        // 2: digested in four lanes (`FastDigest.addInLanes`); a file of 1 has another digest of the same bytes.
        writer.write("output digests 2")
        writer.write(entries.count)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.write(path)
            writer.write(entry.stamp)
            writer.write(entry.digest)
        }
        return writer.bytes
    }

    init() {}

    init?(_ bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        do {
            guard try reader.readString() == "output digests 2" else { return nil }
            let count = try reader.readCount()
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let path = try reader.readString()
                entries[path] = Entry(stamp: try reader.readStamp(), digest: try reader.readUInt64())
            }
            guard reader.isAtEnd else { return nil }
        } catch {
            return nil
        }
    }
}
