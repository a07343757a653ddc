import TranscriptModel

/// Dates of the Messages database: time since 2001-01-01 00:00:00 UTC (Apple's reference date), in
/// nanoseconds since macOS 10.13, in seconds before. A value below 10^11 is taken as seconds (10^11
/// nanoseconds is under two minutes after the reference date; 10^11 seconds is three thousand years).
enum IMessageDate {
    /// 2001-01-01 00:00:00 UTC in seconds since 1970.
    static let referenceDate: Double = 978_307_200

    /// The moment `value` stands for, in UTC; nil for 0 or no value (a column that is empty or missing).
    static func timestamp(_ value: Int64?) -> Timestamp? {
        guard let value, value != 0 else { return nil }
        let seconds = abs(value) < 100_000_000_000 ? Double(value) : Double(value) / 1_000_000_000
        return Timestamp(secondsSince1970: referenceDate + seconds, utcOffset: 0)
    }
}
