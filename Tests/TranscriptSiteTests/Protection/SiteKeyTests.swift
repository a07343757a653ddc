import Crypto
import Foundation
import Testing

@testable import TranscriptSite

@Suite struct SiteKeyTests {
    static let salt = SiteSalt(bytes: Array(0..<16))

    static func hex(_ key: SymmetricKey) -> String {
        key.withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() }
    }

    /// The keys are PBKDF2-HMAC-SHA256 then HKDF-SHA256, as WebCrypto derives them (the expected values come
    /// from Python's hashlib and hmac).
    @Test func theKeysAreTheStandardDerivations() throws {
        let key = try SiteKey(passphrase: "correct horse battery staple", salt: Self.salt, iterations: 600_000)
        #expect(Self.hex(key.encryption) == "42847e1e4c857be3338e5425557399b18f7daf62dc8085c86d5fe104f03646cb")
        #expect(Self.hex(key.naming) == "8e70eb04401d9a46c0fadae4cf47fc410646241b5c3c535baa0eb538bad0cf43")
    }

    @Test func aPassphraseIsTakenInItsComposedForm() throws {
        let composed = try SiteKey(passphrase: "caf\u{E9}", salt: Self.salt, iterations: 600_000)
        let decomposed = try SiteKey(passphrase: "cafe\u{301}", salt: Self.salt, iterations: 600_000)
        #expect(Self.hex(composed.encryption) == Self.hex(decomposed.encryption))
        #expect(composed.fingerprint == decomposed.fingerprint)
    }

    @Test func namesAreKeyedDigests() throws {
        let key = try SiteKey(passphrase: "correct horse battery staple", salt: Self.salt, iterations: 600_000)
        let other = try SiteKey(passphrase: "correct horse battery stapler", salt: Self.salt, iterations: 600_000)
        let name = key.name(for: "folder family")
        #expect(name.count == 16 && name.allSatisfy(\.isHexDigit))
        #expect(name == key.name(for: "folder family"))
        #expect(name != other.name(for: "folder family"))
        #expect(name != key.name(for: "folder friends"))
        #expect(key.fingerprint != other.fingerprint)
    }

    @Test func aSaltIsBase64OfSixteenToSixtyFourBytes() {
        #expect(SiteSalt(base64: Self.salt.base64) == Self.salt)
        #expect(SiteSalt(base64: "c2FsdA==") == nil)  // 4 bytes
        #expect(SiteSalt(base64: "not base64!") == nil)
        #expect(SiteSalt.random().bytes.count == 16)
        #expect(SiteSalt.random() != SiteSalt.random())
    }
}
