import Crypto
import Foundation

/// The random salt a protected site's key is derived with. It is public (kept with the site in
/// `protection.json` and in every locked page): it makes one site's key useless for another and rules out
/// tables of precomputed keys. The same salt and passphrase give the same key, so incremental builds stay
/// equal to clean ones; `--new-salt` makes a new one.
public struct SiteSalt: Sendable, Equatable {
    /// The salt's bytes (16 to 64).
    public let bytes: [UInt8]

    /// A new salt of 16 random bytes (from the system's secure generator, through swift-crypto).
    public static func random() -> SiteSalt {
        SiteSalt(bytes: SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) })
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The salt written as `base64`; nil when that is not base64 of 16 to 64 bytes.
    public init?(base64: String) {
        guard let data = Data(base64Encoded: base64), (16...64).contains(data.count) else { return nil }
        bytes = Array(data)
    }

    /// The salt as base64.
    public var base64: String { Data(bytes).base64EncodedString() }
}
