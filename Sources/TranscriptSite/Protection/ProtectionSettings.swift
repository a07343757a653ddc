import Foundation
import TranscriptSupport

/// The config's `protect:` block: a passphrase-protected site, whose pages, feeds, search index and media are
/// encrypted and unlocked in the browser (see docs/protect.md). The block turns protection on, as `--protect`
/// does; the passphrase comes from `TRANSCRIPTS_PASSPHRASE` or `passphraseFile`, never from the config itself.
///
/// ```yaml
/// protect:
///   passphraseFile: secrets/passphrase.txt   # relative to the site folder; TRANSCRIPTS_PASSPHRASE wins
///   media: true                              # false leaves photos, videos and files unencrypted (a warning)
///   salt: "8J+UkSBzYWx0IGZvciB0aGlzIHNpdGU="  # optional: the same salt on every machine (CI)
///   iterations: 600000                       # PBKDF2 rounds, at least 600000
/// ```
// generate: Decodable
public struct ProtectionSettings: Sendable, Equatable, Decodable {
    /// Whether the site is protected (the block's presence, or `enabled: false` to keep it but build open).
    // decode: decodeEnabled
    public var enabled: Bool = false
    /// A file holding the passphrase (its first line), relative to the site folder.
    // decode: decodePassphraseFile
    public var passphraseFile: String?
    /// Whether media files are encrypted too.
    public var media: Bool = true
    /// The salt, base64, when the config fixes it (else it is kept with the site, in `protection.json`).
    // decode: decodeSalt
    public var salt: String?
    /// PBKDF2-HMAC-SHA256 rounds.
    // decode: decodeIterations
    public var iterations: Int = Self.minimumIterations

    /// The fewest PBKDF2 rounds a site may use (OWASP's figure for PBKDF2-HMAC-SHA256).
    public static let minimumIterations = 600_000

    /// Reads the block's keys, as declared above (`init(keysFrom:)` is written by the TemplateKeys plugin).
    public init(from decoder: any Decoder) throws {
        try self.init(keysFrom: decoder)
    }
}

// The keys of `ProtectionSettings` that are not read as their type is.
extension KeyedDecodingContainer<ProtectionSettings.CodingKeys> {
    /// A block in the config turns protection on unless it says `enabled: false`: never nil (the property's default,
    /// `false`, is for settings made in code).
    func decodeEnabled(forKey key: Key) throws -> Bool? {
        try decodeIfPresent(Bool.self, forKey: key) ?? true
    }

    /// A file name that is not empty.
    func decodePassphraseFile(forKey key: Key) throws -> String? {
        let file = try decodeIfPresent(String.self, forKey: key)
        if let file, file.trimmingCharacters(in: .whitespaces).isEmpty {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "the file name is empty")
        }
        return file
    }

    /// Base64 of 16 to 64 bytes.
    func decodeSalt(forKey key: Key) throws -> String? {
        let salt = try decodeIfPresent(String.self, forKey: key)
        if let salt, SiteSalt(base64: salt) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "a salt is base64 of 16 to 64 bytes (transcripts build --protect writes a new one to protection.json)")
        }
        return salt
    }

    /// 600000 to 100000000 rounds.
    func decodeIterations(forKey key: Key) throws -> Int? {
        guard let iterations = try decodeIfPresent(Int.self, forKey: key) else { return nil }
        guard (ProtectionSettings.minimumIterations...100_000_000).contains(iterations) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "PBKDF2 needs \(ProtectionSettings.minimumIterations) to 100000000 rounds, not \(iterations)")
        }
        return iterations
    }
}
