import Foundation
import TranscriptModel
import TranscriptSupport
import TranscriptTemplates

/// Formats message times and date headers in the site's time zone and locale, with no clock or system
/// setting involved, so the same input always gives the same text. Not shared between threads: make one
/// per unit of work.
final class DateTexts {
    private let timeZone: TimeZone
    private let locale: Locale
    /// Made when a day is first asked for that `known` does not have.
    private lazy var formatters = DayFormatters(locale: locale)
    private let timeByMinute: [String]
    /// The conversation's days, named once for all its pages.
    private let known: DayTexts
    private var dayByNumber: [Int: String] = [:]
    private var offsetByHour: [Int: Int] = [:]
    /// The hour last asked for and its offset.
    private var lastHour = (hour: Int.min, offset: 0)
    private let strings: StringTable

    /// The time of day for each minute of a day (`09:30`, `9:30 AM`, ...), in `locale`: made once and
    /// shared by every `DateTexts` of a build.
    static func timesOfDay(locale: Locale) -> [String] {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(identifier: "UTC")!
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateStyle = .none
        formatter.timeStyle = .short
        return (0..<1440).map { formatter.string(from: Date(timeIntervalSince1970: Double($0 * 60))) }
    }

    /// Times and days are formatted from wall-clock values in UTC, so the caches are exact. `known` holds the
    /// names of the days the caller knows it will ask for (`DayTexts`).
    init(
        timeZone: TimeZone, locale: Locale, timesOfDay: [String]? = nil, strings: StringTable = StringTables.english,
        known: DayTexts = .none
    ) {
        self.timeZone = timeZone
        self.locale = locale
        self.strings = strings
        self.known = known
        self.timeByMinute = timesOfDay ?? Self.timesOfDay(locale: locale)
    }

    /// The offset from UTC of the site's time zone at a moment.
    func utcOffset(at timestamp: Timestamp) -> Int {
        let hour = Int((timestamp.secondsSince1970 / 3600).rounded(.down))
        // Messages come in order: most are in the hour of the one before.
        if hour == lastHour.hour { return lastHour.offset }
        let offset: Int
        if let known = offsetByHour[hour] {
            offset = known
        } else {
            offset = timeZone.secondsFromGMT(for: timestamp.date)
            offsetByHour[hour] = offset
        }
        lastHour = (hour, offset)
        return offset
    }

    /// Wall-clock seconds (as if UTC) of the moment in the site's time zone.
    func localSeconds(_ timestamp: Timestamp) -> Int {
        Int((timestamp.secondsSince1970 + Double(utcOffset(at: timestamp))).rounded(.down))
    }

    /// The time of day, such as `09:30` or `9:30 AM`.
    package func time(_ timestamp: Timestamp) -> String {
        let local = localSeconds(timestamp)
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return timeByMinute[(local - day * 86_400) / 60]
    }

    /// The number of the day (since 1970-01-01) a moment falls on in the site's time zone.
    func dayNumber(_ timestamp: Timestamp) -> Int {
        let local = localSeconds(timestamp)
        return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    /// The day, such as `3 May 2024`.
    func day(_ timestamp: Timestamp) -> String {
        let day = dayNumber(timestamp)
        if let text = known.medium[day] ?? dayByNumber[day] { return text }
        let text = formatters.medium.string(from: Date(timeIntervalSince1970: Double(day * 86_400)))
        dayByNumber[day] = text
        return text
    }

    private var lastDayAndTime: (minute: Int, text: String)?
    /// For each day: the text of `dayAndTime` before and after the time (the day filled in), when it has a place
    /// for the time; made once a day is first asked for.
    private var dayAndTimeParts: [Int: (before: String, after: String)?] = [:]

    /// The day and time, such as `3 May 2024, 09:30`.
    func dayAndTime(_ timestamp: Timestamp) -> String {
        let minute = Int((timestamp.secondsSince1970 / 60).rounded(.down))
        if let last = lastDayAndTime, last.minute == minute { return last.text }
        let dayNumber = dayNumber(timestamp)
        let parts: (before: String, after: String)?
        if let known = dayAndTimeParts[dayNumber] {
            parts = known
        } else {
            // The day filled in and a mark where the time goes; the string's own text never holds a NUL.
            let filled = strings.text("dayAndTime", ["day": day(timestamp), "time": "\u{0}"])
            parts = Self.split(filled, at: 0)
            dayAndTimeParts[dayNumber] = parts
        }
        let text = parts.map { String.joining($0.before, time(timestamp), $0.after) }
            ?? strings.text("dayAndTime", ["day": day(timestamp), "time": time(timestamp)])
        lastDayAndTime = (minute, text)
        return text
    }

    /// The text before and after the only `byte` in `text` (an ASCII byte), or nil when it has none or more than
    /// one. Read in place: splitting the string into characters is slow.
    private static func split(_ text: String, at byte: UInt8) -> (before: String, after: String)? {
        var text = text
        return text.withUTF8 { bytes in
            guard let mark = bytes.firstIndex(of: byte), !bytes[(mark + 1)...].contains(byte) else { return nil }
            return (
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<mark]), as: UTF8.self),
                String(decoding: UnsafeBufferPointer(rebasing: bytes[(mark + 1)...]), as: UTF8.self))
        }
    }

    /// A month's name with its year, such as `May 2024`, in the site's locale.
    package func month(year: Int, month: Int) -> String {
        if let known = monthByNumber[year * 12 + month] { return known }
        let days = ISO8601Text.daysFromCivil(year: year, month: month, day: 15)
        let text = monthFormatter.string(from: Date(timeIntervalSince1970: Double(days * 86_400)))
        monthByNumber[year * 12 + month] = text
        return text
    }

    private var monthByNumber: [Int: String] = [:]
    /// Made when a month is first asked for (a formatter takes long to make).
    private lazy var monthFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(identifier: "UTC")!
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.setLocalizedDateFormatFromTemplate("MMMMy")
        return formatter
    }()

    /// A date header's text, such as `Friday, 3 May 2024, 09:30`.
    package func header(_ timestamp: Timestamp) -> String {
        let day = dayNumber(timestamp)
        let name = known.full[day] ?? formatters.full.string(from: Date(timeIntervalSince1970: Double(day * 86_400)))
        return strings.text("dayAndTime", ["day": name, "time": time(timestamp)])
    }

    /// ISO 8601 text of the moment in the offset it was recorded in, or the site's offset when it had none.
    func iso(_ timestamp: Timestamp) -> String {
        timestamp.iso8601(utcOffset: timestamp.utcOffset ?? utcOffset(at: timestamp))
    }
}
