import Foundation
import TranscriptModel
import TranscriptSupport

/// The config's `privacy:` block: what the build changes before anything is rendered, so that no page,
/// search file, feed or report holds what it hides (see docs/privacy.md).
///
/// ```yaml
/// privacy:
///   pseudonymize: true            # or {"Alice Smith": "Alice"}: everyone else becomes "Person 1", "Person 2", ...
///   exclude: ["Bob Jones"]        # their messages are left out, each leaving a "Message removed" line
///   redact: [email, phone, iban, card, ip, "ticket-\\d+"]
///   mask: "[redacted]"            # what a redacted match becomes
///   stripMetadata: true           # EXIF, XMP, IPTC, ... removed from copied pictures, videos and sound
///   noindex: true                 # robots meta tag on every page and a robots.txt that disallows all
/// ```
// generate: Decodable
public struct PrivacySettings: Sendable, Equatable, Decodable {
    /// Whether people are shown under pseudonyms, and the pseudonyms chosen for some of them (by name or id).
    // decode: decodePseudonymize
    public var pseudonymize: Pseudonymize = .off
    /// The people (by name or id) whose messages are left out.
    // decode: decodeOneOrMany
    public var exclude: [String] = []
    /// What is masked in every text: built-in kinds and regular expressions.
    // decode: decodeRedaction
    public var redact: [RedactionPattern] = []
    /// What each redacted match becomes.
    public var mask: String = "[redacted]"
    /// Whether metadata (EXIF with GPS, XMP, IPTC, PNG text chunks; with exiftool, a HEIC picture's and a
    /// QuickTime or MP4 file's) is removed from copied pictures, videos and sound.
    public var stripMetadata: Bool = true
    /// Whether pages ask search engines not to index them (a robots meta tag and `robots.txt`).
    public var noindex: Bool = false

    /// Reads the block's keys, as declared above (`init(keysFrom:)` is written by the TemplateKeys plugin).
    public init(from decoder: any Decoder) throws {
        try self.init(keysFrom: decoder)
    }

    /// Whether the build changes conversations (pseudonyms, exclusions or redaction).
    public var changesConversations: Bool {
        pseudonymize != .off || !exclude.isEmpty || !redact.isEmpty
    }

    /// How names are replaced.
    public enum Pseudonymize: Sendable, Equatable {
        case off
        /// Everyone but the archive's owner (`me`) becomes "Person 1", "Person 2", ... in order of their first
        /// message in each conversation; `chosen` gives some people (by name or id) a pseudonym of their own,
        /// `me` included.
        case on(chosen: [String: String])
    }
}

/// One thing `privacy.redact` masks: a built-in kind or a regular expression.
public struct RedactionPattern: Sendable, Equatable {
    /// What the config says: `email`, `phone`, `iban`, `card`, `ip`, or the expression.
    public let source: String
    package let kind: Kind

    package enum Kind: Sendable, Equatable {
        /// Addresses like `ann@example.com`.
        case email
        /// International and national numbers: `+49 170 1234567`, `(415) 555-0134`, `0612345678`.
        case phone
        /// Account numbers whose mod-97 check holds.
        case iban
        /// Card numbers of 13 to 19 digits whose Luhn check holds.
        case card
        /// IPv4 and IPv6 addresses.
        case ip
        case expression(NSRegularExpression)

        package static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.email, .email), (.phone, .phone), (.iban, .iban), (.card, .card), (.ip, .ip): true
            case (.expression(let a), .expression(let b)): a.pattern == b.pattern
            default: false
            }
        }
    }

    /// The built-in kinds' names.
    public static let builtInNames = ["email", "phone", "iban", "card", "ip"]

    /// A built-in kind by name, or else a regular expression; an expression that does not compile is an error
    /// that says why.
    public init(_ source: String) throws {
        self.source = source
        switch source {
        case "email": kind = .email
        case "phone": kind = .phone
        case "iban": kind = .iban
        case "card": kind = .card
        case "ip": kind = .ip
        default:
            guard !source.isEmpty else { throw RedactionPatternError(message: "an empty pattern would match everywhere") }
            do {
                kind = .expression(try NSRegularExpression(pattern: source))
            } catch {
                throw RedactionPatternError(
                    message: "\"\(source)\" is not a built-in kind (\(Self.builtInNames.joined(separator: ", "))) or a valid regular expression")
            }
        }
    }
}

/// A `privacy.redact` entry that is neither a built-in kind nor a regular expression.
public struct RedactionPatternError: Error, Sendable {
    public let message: String
}

// The keys of `PrivacySettings` that are not read as their type is.
extension KeyedDecodingContainer<PrivacySettings.CodingKeys> {
    /// `true`, `false`, or the pseudonyms chosen for some people (none empty).
    func decodePseudonymize(forKey key: Key) throws -> PrivacySettings.Pseudonymize? {
        if let flag = try? decodeIfPresent(Bool.self, forKey: key) { return flag ? .on(chosen: [:]) : .off }
        guard let chosen = try decodeIfPresent([String: String].self, forKey: key) else { return nil }
        if let empty = chosen.first(where: { $0.value.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "the pseudonym of \"\(empty.key)\" is empty")
        }
        return .on(chosen: chosen)
    }

    /// A list of built-in kinds and regular expressions; an entry that is neither is an error at its index.
    func decodeRedaction(forKey key: Key) throws -> [RedactionPattern]? {
        guard contains(key) else { return nil }
        var patterns: [RedactionPattern] = []
        var list = try nestedUnkeyedContainer(forKey: key)
        while !list.isAtEnd {
            let index = list.currentIndex
            let source = try list.decode(String.self)
            do {
                patterns.append(try RedactionPattern(source))
            } catch let error as RedactionPatternError {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: list.codingPath + [AnyCodingKey(intValue: index)], debugDescription: error.message))
            }
        }
        return patterns
    }
}
