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
public struct ProtectionSettings: Sendable, Equatable {
    /// Whether the site is protected (the block's presence, or `enabled: false` to keep it but build open).
    public var enabled: Bool
    /// A file holding the passphrase (its first line), relative to the site folder.
    public var passphraseFile: String?
    /// Whether media files are encrypted too.
    public var media: Bool
    /// The salt, base64, when the config fixes it (else it is kept with the site, in `protection.json`).
    public var salt: String?
    /// PBKDF2-HMAC-SHA256 rounds.
    public var iterations: Int

    /// The fewest PBKDF2 rounds a site may use (OWASP's figure for PBKDF2-HMAC-SHA256).
    public static let minimumIterations = 600_000

    public init(enabled: Bool = false, passphraseFile: String? = nil, media: Bool = true, salt: String? = nil, iterations: Int = 600_000) {
        self.enabled = enabled
        self.passphraseFile = passphraseFile
        self.media = media
        self.salt = salt
        self.iterations = iterations
    }
}

extension ProtectionSettings: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case enabled, passphraseFile, media, salt, iterations
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        passphraseFile = try container.decodeIfPresent(String.self, forKey: .passphraseFile)
        if let file = passphraseFile, file.trimmingCharacters(in: .whitespaces).isEmpty {
            throw DecodingError.dataCorruptedError(forKey: .passphraseFile, in: container, debugDescription: "the file name is empty")
        }
        media = try container.decodeIfPresent(Bool.self, forKey: .media) ?? true
        salt = try container.decodeIfPresent(String.self, forKey: .salt)
        if let salt, SiteSalt(base64: salt) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .salt, in: container,
                debugDescription: "a salt is base64 of 16 to 64 bytes (transcripts build --protect writes a new one to protection.json)")
        }
        iterations = try container.decodeIfPresent(Int.self, forKey: .iterations) ?? Self.minimumIterations
        guard (Self.minimumIterations...100_000_000).contains(iterations) else {
            throw DecodingError.dataCorruptedError(
                forKey: .iterations, in: container,
                debugDescription: "PBKDF2 needs \(Self.minimumIterations) to 100000000 rounds, not \(iterations)")
        }
    }
}
