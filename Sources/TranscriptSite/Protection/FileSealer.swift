import Crypto
import Foundation
import TranscriptSupport

/// Encrypts and decrypts the files of a protected site with AES-256-GCM. A sealed file's bytes are the
/// 12-byte nonce, the ciphertext and the 16-byte tag (WebCrypto's AES-GCM takes the last two as one).
///
/// The nonce is a keyed digest (HMAC-SHA256 with the site's naming key) of the file's path and content, so
/// the same file sealed again gives the same bytes (incremental builds equal clean ones) and two different
/// files never share a nonce. What that tells an onlooker: whether a file changed between two builds.
struct FileSealer: Sendable {
    let key: SiteKey

    /// `bytes` (the file made at `path`) sealed.
    func seal(_ bytes: some DataProtocol, path: String) throws -> [UInt8] {
        var mac = HMAC<SHA256>(key: key.naming)
        mac.update(data: Array("nonce \(path)\u{0}".utf8))
        mac.update(data: bytes)
        let nonce = try AES.GCM.Nonce(data: Array(mac.finalize()).prefix(12))
        let box = try AES.GCM.seal(bytes, using: key.encryption, nonce: nonce)
        guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
        return Array(combined)
    }

    /// The bytes `sealed` holds; nil when they were not sealed with this key (or were changed since).
    func open(_ sealed: some DataProtocol) -> [UInt8]? {
        guard sealed.count >= 28, let box = try? AES.GCM.SealedBox(combined: sealed),
              let opened = try? AES.GCM.open(box, using: key.encryption)
        else { return nil }
        return Array(opened)
    }
}
