import Foundation
import TranscriptJSON

/// A moment in time together with the UTC offset it was written in.
///
/// Encoded as ISO 8601 text: `2024-05-03T09:30:00+02:00`, `2024-05-03T07:30:00Z`, with optional fractional
/// seconds. Text without an offset (`2024-05-03T09:30`) is read in the time zone given to the decoder (the
/// site's `timeZone`), and remembered as such.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, JSONMappable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSince1970: Double
    /// The offset from UTC, in seconds, of the clock that wrote the time; nil when the source had none.
    public var utcOffset: Int?

    public init(secondsSince1970: Double, utcOffset: Int? = nil) {
        self.secondsSince1970 = secondsSince1970
        self.utcOffset = utcOffset
    }

    public init(_ date: Date, utcOffset: Int? = nil) {
        self.init(secondsSince1970: date.timeIntervalSince1970, utcOffset: utcOffset)
    }

    /// The moments ISO 8601 text is written for: within about three million years of 1970. Importers reject a
    /// time outside it, such as `timestamp_ms: 1e300` or `"nan"`, as a malformed one (an error naming the field,
    /// or Telegram's warning), and the build refuses a conversation that holds one.
    public static let representableSeconds: ClosedRange<Double> = -1e14...1e14

    /// Whether the moment is finite and within `representableSeconds`.
    public var isRepresentable: Bool { Self.representableSeconds.contains(secondsSince1970) }

    /// The moment as a Foundation date.
    public var date: Date { Date(timeIntervalSince1970: secondsSince1970) }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// Parses ISO 8601 text; `timeZone` is used when the text has no offset. Returns nil for anything else.
    public init?(iso8601 text: String, defaultTimeZone timeZone: TimeZone?) {
        guard let parsed = ISO8601Text.parse(text) else { return nil }
        if let offset = parsed.utcOffset {
            self.init(secondsSince1970: parsed.localSeconds - Double(offset), utcOffset: offset)
        } else {
            guard let timeZone else { return nil }
            let offset = ISO8601Text.offset(forLocalSeconds: parsed.localSeconds, in: timeZone)
            self.init(secondsSince1970: parsed.localSeconds - Double(offset), utcOffset: nil)
        }
    }

    /// ISO 8601 text with the original offset (or `Z` when there was none).
    public var iso8601: String { ISO8601Text.format(self, utcOffset: utcOffset ?? 0) }

    /// ISO 8601 text of this moment as seen from the given offset.
    public func iso8601(utcOffset offset: Int) -> String { ISO8601Text.format(self, utcOffset: offset) }

    package init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        switch json {
        case .number(let seconds):
            self.init(secondsSince1970: seconds, utcOffset: nil)
            // A time no calendar holds (1e300) is an error, not a date clamped where it is written.
            guard isRepresentable else { throw JSONMappingError.invalid(path, "epoch seconds out of range: \(json.displayText)") }
        case .string(let text):
            guard let value = Timestamp(iso8601: text, defaultTimeZone: context.defaultTimeZone) else {
                throw JSONMappingError.invalid(
                    path,
                    ISO8601Text.parse(text) == nil
                        ? "expected an ISO 8601 date such as 2024-05-03T09:30:00+02:00, found \"\(text)\""
                        : "the date \"\(text)\" has no UTC offset and no time zone is configured")
            }
            self = value
        default:
            throw JSONMappingError.expected("an ISO 8601 date such as 2024-05-03T09:30:00+02:00", found: json, at: path)
        }
    }

    public init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}

extension CodingUserInfoKey {
    /// A `TimeZone` in which dates without a UTC offset are read.
    public static let defaultTimeZone = CodingUserInfoKey(rawValue: "transcripts.defaultTimeZone")!
}
