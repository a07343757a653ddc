import Crypto
import CryptoExtras
import Foundation

@testable import TranscriptImport

/// An encrypted backup as the tests write it, after the public descriptions of the format (the
/// iphone_backup_decrypt project's README and code, and the iOS Security Guide's keybag description):
/// `Manifest.plist` holds `BackupKeyBag` (tag-length-value records: `VERS`, `TYPE`, `UUID`, `WRAP`, `SALT`,
/// `ITER`, `DPWT`, `DPIC`, `DPSL`, then per class `UUID`, `CLAS`, `WRAP` 2, `KTYP`, `WPKY` the class key wrapped
/// (RFC 3394) with PBKDF2-SHA1(PBKDF2-SHA256(passphrase, DPSL, DPIC), SALT, ITER)) and `ManifestKey` (the class,
/// 4 bytes little-endian, then the manifest's key wrapped with that class's key); `Manifest.db` and every file
/// are AES-256-CBC with a zero IV and PKCS#7 padding, each file with its own key, given wrapped in its `Files.file`
/// archive (`MBFile`'s `EncryptionKey`: the class in 4 bytes, then the wrapped key). Few rounds, for speed.
struct IOSBackupEncryption {
    let passphrase: String
    let classKeys: [UInt32: SymmetricKey] = [
        1: SymmetricKey(size: .bits256), 3: SymmetricKey(size: .bits256), 4: SymmetricKey(size: .bits256),
    ]
    let manifestKey = SymmetricKey(size: .bits256)
    static let salt = Array("0123456789abcdefghij".utf8), dpsl = Array("klmnopqrstuvwxyz0123".utf8)

    static func record(_ tag: String, _ value: [UInt8]) -> [UInt8] {
        Array(tag.utf8) + withUnsafeBytes(of: UInt32(value.count).bigEndian, Array.init) + value
    }

    static func number(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    static func littleEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }

    func passcodeKey() throws -> SymmetricKey {
        let first = try KDF.Insecure.PBKDF2.deriveKey(
            from: Data(passphrase.utf8), salt: Self.dpsl, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: 10)
        return try KDF.Insecure.PBKDF2.deriveKey(
            from: first.withUnsafeBytes { Data($0) }, salt: Self.salt, using: .insecureSHA1, outputByteCount: 32, unsafeUncheckedRounds: 5)
    }

    func keybag() throws -> Data {
        var bytes = Self.record("VERS", Self.number(3)) + Self.record("TYPE", Self.number(1))
            + Self.record("UUID", Array(repeating: 0xAA, count: 16)) + Self.record("HMCK", Array(repeating: 0, count: 40))
            + Self.record("WRAP", Self.number(0)) + Self.record("SALT", Self.salt) + Self.record("ITER", Self.number(5))
            + Self.record("DPWT", Self.number(1)) + Self.record("DPIC", Self.number(10)) + Self.record("DPSL", Self.dpsl)
        let key = try passcodeKey()
        for (number, classKey) in classKeys.sorted(by: { $0.key < $1.key }) {
            bytes += Self.record("UUID", Array(repeating: UInt8(number), count: 16)) + Self.record("CLAS", Self.number(number))
                + Self.record("WRAP", Self.number(2)) + Self.record("KTYP", Self.number(0))
                + Self.record("WPKY", Array(try AES.KeyWrap.wrap(classKey, using: key)))
        }
        return Data(bytes)
    }

    /// `ManifestKey`: class 4 and the manifest's key wrapped with it.
    func wrappedManifestKey() throws -> Data {
        Data(Self.littleEndian(4) + Array(try AES.KeyWrap.wrap(manifestKey, using: classKeys[4]!)))
    }

    static func encrypt(_ data: Data, with key: SymmetricKey) throws -> Data {
        try AES._CBC.encrypt(data, using: key, iv: try AES._CBC.IV(ivBytes: [UInt8](repeating: 0, count: 16)))
    }

    /// A file encrypted with a key of its own (class 3), and its `Files.file` archive.
    func encryptFile(_ contents: Data) throws -> (ciphertext: Data, archive: [UInt8]) {
        let key = SymmetricKey(size: .bits256)
        let wrapped = Self.littleEndian(3) + Array(try AES.KeyWrap.wrap(key, using: classKeys[3]!))
        return (try Self.encrypt(contents, with: key), BinaryPlistWriter.mbFile(encryptionKey: wrapped, protectionClass: 3, size: contents.count))
    }
}
