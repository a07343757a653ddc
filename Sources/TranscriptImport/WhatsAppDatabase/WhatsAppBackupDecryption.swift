import Crypto
import Foundation
import TranscriptModel
import TranscriptSupport
import ZIPFoundation

/// WhatsApp for Android's encrypted backups of its database, `msgstore.db.crypt15` and `.crypt14`, decrypted
/// with their key: the database compressed with zlib, then sealed with AES-256-GCM (a 16-byte IV, the 16-byte
/// tag before a 16-byte checksum at the end).
///
/// - crypt15: the key is the 64 hex digits WhatsApp shows for an end-to-end encrypted backup, or the 32 bytes
///   of its `key` file (a Java-serialized byte array); the cipher key is HMAC-SHA256(HMAC-SHA256(32 zero bytes,
///   key), "backup encryption" 0x01). The file starts with the length of its header, a byte, then the header,
///   whose IV is bytes 8 to 24 of the file; the sealed database follows the header.
/// - crypt14: the key is the 158-byte `key` file, whose last 32 bytes are the cipher key; the IV and the sealed
///   database start at one of a few known offsets (the IV at 66 or 67, the database at 99 to 196), tried in turn.
///
/// Sources: KnugiHK/WhatsApp-Chat-Exporter `android_crypt.py` (`_derive_main_enc_key`, `_decrypt_crypt15`,
/// `_decrypt_crypt14`, `_decrypt_database`) and `utility.py` (`CRYPT14_OFFSETS`).
enum WhatsAppBackupDecryption {
    /// The environment variable that gives a crypt15 backup's 64 hex digits.
    static let keyVariable = "TRANSCRIPTS_WHATSAPP_KEY"

    struct Failed: Error {}

    /// The cipher key of a crypt15 backup from its 32-byte key.
    static func crypt15Key(_ keyStream: [UInt8]) -> SymmetricKey {
        let intermediate = HMAC<SHA256>.authenticationCode(for: keyStream, using: SymmetricKey(data: [UInt8](repeating: 0, count: 32)))
        let key = HMAC<SHA256>.authenticationCode(
            for: Array("backup encryption".utf8) + [1], using: SymmetricKey(data: Array(intermediate)))
        return SymmetricKey(data: Array(key))
    }

    /// The 32 bytes of a crypt15 key: 64 hex digits (spaces allowed, as WhatsApp shows them in groups), or a
    /// Java-serialized `byte[32]` (the `key` file); nil for anything else.
    static func crypt15KeyStream(_ bytes: [UInt8]) -> [UInt8]? {
        let hex = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        if hex.count == 64, hex.allSatisfy(\.isHexDigit) {
            var result: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                result.append(UInt8(hex[index..<next], radix: 16)!)
                index = next
            }
            return result
        }
        // Java serialization: AC ED 00 05, the array's class, its length (4 bytes), then the bytes.
        guard bytes.count >= 40, bytes.prefix(4) == [0xAC, 0xED, 0x00, 0x05] else { return nil }
        let length = bytes[bytes.count - 36..<bytes.count - 32].reduce(0) { $0 << 8 | Int($1) }
        return length == 32 ? Array(bytes.suffix(32)) : nil
    }

    /// The decrypted database of a crypt15 file.
    static func decryptCrypt15(_ file: [UInt8], key: SymmetricKey) throws -> Data {
        guard file.count >= 131 else { throw Failed() }
        return try open(file, iv: 8, database: Int(file[0]) + 2, key: key)
    }

    /// The decrypted database of a crypt14 file, with its 158-byte key file.
    static func decryptCrypt14(_ file: [UInt8], keyFile: [UInt8]) throws -> Data {
        guard file.count >= 191, keyFile.count == 158 else { throw Failed() }
        let key = SymmetricKey(data: keyFile.suffix(32))
        for (iv, database) in [(67, 191), (67, 190), (66, 99), (67, 193), (67, 194), (67, 158), (67, 196)] {
            if let data = try? open(file, iv: iv, database: database, key: key) { return data }
        }
        throw Failed()
    }

    /// The database sealed from `database` to the footer, with the IV at `iv`: opened, then inflated.
    private static func open(_ file: [UInt8], iv: Int, database: Int, key: SymmetricKey) throws -> Data {
        let footer = 32
        guard iv + 16 <= database, database < file.count - footer else { throw Failed() }
        let box = try AES.GCM.SealedBox(
            nonce: try AES.GCM.Nonce(data: file[iv..<iv + 16]), ciphertext: file[database..<file.count - footer],
            tag: file[file.count - footer..<file.count - footer + 16])
        let compressed = try AES.GCM.open(box, using: key)
        // A zlib stream: a 2-byte header (0x78 …), raw deflate, a 4-byte checksum.
        guard compressed.count > 6, compressed.first == 0x78 else { throw Failed() }
        let raw = compressed.dropFirst(2)
        var inflated = Data()
        _ = try Data.decompress(
            size: Int64(raw.count), bufferSize: 64 * 1024, skipCRC32: true,
            provider: { position, size in
                // The inflater asks for buffers; the last one is what is left.
                let start = raw.startIndex + min(Int(position), raw.count)
                return raw.subdata(in: start..<min(start + size, raw.endIndex))
            },
            consumer: { inflated.append($0) })
        guard inflated.starts(with: Array("SQLite format 3".utf8)) else { throw Failed() }
        return inflated
    }
}
