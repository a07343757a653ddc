import Crypto
import CryptoExtras
import Foundation
import TranscriptSupport

/// The keys of a protected site, derived from its passphrase and salt exactly as `assets/unlock.js` derives
/// them in the browser with WebCrypto:
///
/// 1. PBKDF2-HMAC-SHA256 of the passphrase (UTF-8, Unicode NFC) with the salt and `iterations` rounds: 32 bytes;
/// 2. HKDF-SHA256 of those (no salt) with the info `transcripts 1 encryption`: the AES-256-GCM key, and with
///    `transcripts 1 naming`: the key of the build's keyed digests (nonces, folder and media names), which
///    never leaves the build.
struct SiteKey: Sendable {
    /// The AES-256-GCM key every sealed file is encrypted with.
    let encryption: SymmetricKey
    /// The HMAC-SHA256 key of nonces and of the names of folders and media files.
    let naming: SymmetricKey
    /// A digest that changes with the key (for the build cache's keys; never written into the site).
    let fingerprint: String

    init(passphrase: String, salt: SiteSalt, iterations: Int) throws {
        let master = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(passphrase.precomposedStringWithCanonicalMapping.utf8), salt: salt.bytes, using: .sha256,
            outputByteCount: 32, rounds: iterations)
        func expand(_ info: String) -> SymmetricKey {
            HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Array(info.utf8), outputByteCount: 32)
        }
        encryption = expand("transcripts 1 encryption")
        naming = expand("transcripts 1 naming")
        let check = HMAC<SHA256>.authenticationCode(for: Array("transcripts 1 build cache".utf8), using: naming)
        fingerprint = check.map { String(format: "%02x", $0) }.joined()
    }

    /// A keyed digest of `text` in `count` hex digits: a name that tells nothing about `text` to anyone
    /// without the key, and is the same in every build with it.
    func name(for text: String, count: Int = 16) -> String {
        name(of: Array(text.utf8), count: count)
    }

    /// A keyed digest of bytes in `count` hex digits.
    func name(of bytes: some DataProtocol, count: Int = 16) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: bytes, using: naming)
        return code.prefix((count + 1) / 2).map { String(format: "%02x", $0) }.joined().prefix(count).description
    }
}
