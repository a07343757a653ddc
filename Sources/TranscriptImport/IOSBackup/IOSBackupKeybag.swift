import Crypto
import CryptoExtras
import Foundation
import TranscriptModel
import TranscriptSupport

/// The keys of an encrypted iPhone backup: `Manifest.plist`'s `BackupKeyBag` opened with the backup's
/// passphrase. The keybag is a list of tag-length-value records (a 4-letter tag, a 4-byte big-endian length,
/// the value): its own (`VERS`, `TYPE`, `UUID`, `WRAP`, `SALT`, `ITER`, `DPWT`, `DPIC`, `DPSL`), then one group
/// per protection class, each starting with `UUID` (`CLAS`, `WRAP`, `KTYP`, `WPKY`).
///
/// The passphrase gives the key that unwraps the class keys: PBKDF2-HMAC-SHA256 over `DPSL` with `DPIC` rounds,
/// then PBKDF2-HMAC-SHA1 of that over `SALT` with `ITER` rounds (32 bytes each); each class key whose `WRAP` has
/// bit 2 (wrapped with the passphrase) is `WPKY` unwrapped with it (AES key wrap, RFC 3394).
struct IOSBackupKeybag {
    /// The class keys, by protection class.
    let classKeys: [UInt32: SymmetricKey]

    /// Opens the keybag; an error naming `displayPath` when it cannot be read or the passphrase is wrong.
    init(_ keybag: Data, passphrase: String, displayPath: String) throws {
        let records = Self.records(Array(keybag))
        guard !records.isEmpty else {
            throw TranscriptsError(file: displayPath, message: "its BackupKeyBag cannot be read")
        }
        var attributes: [String: [UInt8]] = [:]
        var classes: [[String: [UInt8]]] = []
        var seenUUID = false
        for (tag, value) in records {
            if tag == "UUID" {
                if seenUUID { classes.append([:]) }
                seenUUID = true
                if classes.isEmpty { attributes[tag] = value; continue }
            }
            if classes.isEmpty { attributes[tag] = value } else { classes[classes.count - 1][tag] = value }
        }
        guard let salt = attributes["SALT"], let iterations = attributes["ITER"].map(Self.integer), iterations > 0 else {
            throw TranscriptsError(file: displayPath, message: "its BackupKeyBag has no SALT or ITER")
        }
        var secret = SymmetricKey(data: Data(passphrase.utf8))
        if let dpsl = attributes["DPSL"], let dpic = attributes["DPIC"].map(Self.integer), dpic > 0 {
            secret = try KDF.Insecure.PBKDF2.deriveKey(
                from: secret.withUnsafeBytes { Data($0) }, salt: dpsl, using: .sha256, outputByteCount: 32,
                unsafeUncheckedRounds: Int(dpic))
        }
        let passcodeKey = try KDF.Insecure.PBKDF2.deriveKey(
            from: secret.withUnsafeBytes { Data($0) }, salt: salt, using: .insecureSHA1, outputByteCount: 32,
            unsafeUncheckedRounds: Int(iterations))
        var keys: [UInt32: SymmetricKey] = [:]
        for record in classes {
            guard let number = record["CLAS"].map(Self.integer), let wrapped = record["WPKY"],
                  let wrap = record["WRAP"].map(Self.integer), wrap & 2 != 0
            else { continue }
            do {
                keys[UInt32(truncatingIfNeeded: number)] = try AES.KeyWrap.unwrap(wrapped, using: passcodeKey)
            } catch {
                throw TranscriptsError(file: displayPath, message: "the passphrase does not open this encrypted backup (a class key does not unwrap with it)")
            }
        }
        classKeys = keys
    }

    /// The key that `wrapped` (40 bytes: a key wrapped with the key of `protectionClass`) stands for.
    func unwrap(_ wrapped: [UInt8], protectionClass: UInt32) throws -> SymmetricKey {
        guard let classKey = classKeys[protectionClass] else { throw Undecryptable() }
        return try AES.KeyWrap.unwrap(wrapped, using: classKey)
    }

    struct Undecryptable: Error {}

    /// The tag-length-value records of a keybag; empty when it is cut short.
    static func records(_ bytes: [UInt8]) -> [(tag: String, value: [UInt8])] {
        var result: [(String, [UInt8])] = []
        var index = 0
        while index + 8 <= bytes.count {
            let tag = String(decoding: bytes[index..<index + 4], as: UTF8.self)
            let length = Int(integer(Array(bytes[index + 4..<index + 8])))
            guard length >= 0, index + 8 + length <= bytes.count else { return [] }
            result.append((tag, Array(bytes[index + 8..<index + 8 + length])))
            index += 8 + length
        }
        return result
    }

    /// A big-endian integer of up to 8 bytes.
    static func integer(_ bytes: [UInt8]) -> Int64 {
        Int64(bitPattern: bytes.suffix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// `data` decrypted with AES-256-CBC and a zero IV (how a backup encrypts its manifest and files), its PKCS#7
    /// padding removed when it has one; `size`, when known, cuts it to the file's size.
    static func decrypt(_ data: Data, key: SymmetricKey, size: Int? = nil) throws -> Data {
        guard data.count % 16 == 0 else { throw Undecryptable() }
        var plain = try AES._CBC.decrypt(data, using: key, iv: try AES._CBC.IV(ivBytes: [UInt8](repeating: 0, count: 16)), noPadding: true)
        if let size, size >= 0, size <= plain.count {
            plain = plain.prefix(size)
        } else if let last = plain.last, (1...16).contains(last), plain.count >= Int(last),
                  plain.suffix(Int(last)).allSatisfy({ $0 == last }) {
            plain = plain.dropLast(Int(last))
        }
        return Data(plain)
    }
}
