import Foundation
import TranscriptModel

/// The dates of Google Takeout's Google Chat files: English sentences with the time zone's name.
///
/// ```
/// Monday, January 2, 2023 at 3:04:05 PM UTC        month first, 12-hour clock (U+202F before PM in newer exports)
/// Tuesday, 14 March 2021 at 22:41:03 UTC            day first, 24-hour clock
/// ```
///
/// Read by hand with English names only, so the result never depends on the machine's locale (as a
/// `DateFormatter` with the `en_US_POSIX` locale would not either, but without its leniency). The weekday is
/// optional and not checked; `at` and commas are optional; any kind of space separates the parts. The zone is
/// `UTC`, `GMT`, `UT` or `Z` with an optional offset (`UTC+2`, `GMT-05:30`), a bare offset (`+02:00`), one of
/// a few unambiguous abbreviations (`CET`, `PST`, ... see `abbreviations`) or an IANA name (`Europe/Berlin`);
/// a date without a zone is read in the site's time zone.
enum GoogleChatDate {
    /// The moment `text` names, or nil when it is not such a date.
    static func parse(_ text: String, defaultTimeZone: TimeZone) -> Timestamp? {
        var tokens = text.split { $0.isWhitespace || $0 == "," }.map(String.init)
        guard !tokens.isEmpty else { return nil }
        if weekdays.contains(tokens[0].lowercased()) { tokens.removeFirst() }
        guard tokens.count >= 4 else { return nil }
        let day: Int, month: Int
        if let named = monthNumber(tokens[0]), let number = Int(tokens[1]) {
            (month, day) = (named, number)
        } else if let number = Int(tokens[0]), let named = monthNumber(tokens[1]) {
            (month, day) = (named, number)
        } else {
            return nil
        }
        guard tokens[2].count == 4, let year = Int(tokens[2]), tokens[2].allSatisfy(\.isASCII),
              (1...12).contains(month), day >= 1, day <= ISO8601Text.daysInMonth(year: year, month: month)
        else { return nil }
        var rest = Array(tokens.dropFirst(3))
        if rest.first?.lowercased() == "at" { rest.removeFirst() }
        guard !rest.isEmpty else { return nil }
        var clock = rest.removeFirst()
        // A meridiem glued to the time ("3:04:05PM"), or the next word.
        var meridiem: String?
        for mark in ["am", "pm"] where clock.lowercased().hasSuffix(mark) {
            meridiem = mark
            clock = String(clock.dropLast(2))
        }
        if meridiem == nil, let next = rest.first?.lowercased().replacingOccurrences(of: ".", with: ""), next == "am" || next == "pm" {
            meridiem = next
            rest.removeFirst()
        }
        guard let time = self.time(clock, meridiem: meridiem) else { return nil }
        let days = ISO8601Text.daysFromCivil(year: year, month: month, day: day)
        let local = Double(days * 86_400 + time)
        guard !rest.isEmpty else {
            let offset = ISO8601Text.offset(forLocalSeconds: local, in: defaultTimeZone)
            return Timestamp(secondsSince1970: local - Double(offset), utcOffset: nil)
        }
        let zoneName = rest.joined(separator: " ")
        if let offset = fixedOffset(zoneName) {
            return Timestamp(secondsSince1970: local - Double(offset), utcOffset: offset)
        }
        guard rest.count == 1, zoneName.contains("/"), let zone = TimeZone(identifier: zoneName) else { return nil }
        let offset = ISO8601Text.offset(forLocalSeconds: local, in: zone)
        return Timestamp(secondsSince1970: local - Double(offset), utcOffset: offset)
    }

    /// Seconds since midnight of `H:MM` or `H:MM:SS`, on a 12-hour clock when `meridiem` is `am` or `pm`.
    private static func time(_ text: String, meridiem: String?) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts.dropFirst().allSatisfy({ $0.count == 2 })
        else { return nil }
        var hour = Int(parts[0])!
        let minute = Int(parts[1])!
        let second = parts.count == 3 ? Int(parts[2])! : 0
        guard minute < 60, second < 60 else { return nil }
        switch meridiem {
        case "am"?:
            guard (1...12).contains(hour) else { return nil }
            if hour == 12 { hour = 0 }
        case "pm"?:
            guard (1...12).contains(hour) else { return nil }
            if hour < 12 { hour += 12 }
        default:
            guard hour < 24 else { return nil }
        }
        return hour * 3600 + minute * 60 + second
    }

    /// The offset in seconds of a zone written as a name with an optional offset, or an offset alone.
    static func fixedOffset(_ zone: String) -> Int? {
        let compact = zone.replacingOccurrences(of: " ", with: "")
        let upper = compact.uppercased()
        if let offset = abbreviations[upper] { return offset }
        for base in ["UTC", "GMT", "UT", "Z"] where upper.hasPrefix(base) {
            let rest = upper.dropFirst(base.count)
            if rest.isEmpty { return 0 }
            if let offset = signedOffset(rest) { return offset }
        }
        return signedOffset(upper[...])
    }

    /// `+2`, `-05`, `+05:30`, `+0530`.
    private static func signedOffset(_ text: Substring) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" || sign == "\u{2212}" else { return nil }
        let digits = text.dropFirst()
        var hours: Int, minutes = 0
        let parts = digits.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        switch parts.count {
        case 1 where parts[0].count <= 2: hours = Int(parts[0])!
        case 1 where parts[0].count == 4: (hours, minutes) = (Int(parts[0].prefix(2))!, Int(parts[0].suffix(2))!)
        case 2 where parts[0].count <= 2 && parts[1].count == 2: (hours, minutes) = (Int(parts[0])!, Int(parts[1])!)
        default: return nil
        }
        guard hours <= 14, minutes < 60 else { return nil }
        return (sign == "+" ? 1 : -1) * (hours * 3600 + minutes * 60)
    }

    private static func monthNumber(_ token: String) -> Int? {
        let lower = token.lowercased().replacingOccurrences(of: ".", with: "")
        if let index = months.firstIndex(of: lower) { return index + 1 }
        if lower.count >= 3, let index = months.firstIndex(where: { $0.hasPrefix(lower) }) { return index + 1 }
        return nil
    }

    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ]

    private static let weekdays: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        "mon", "tue", "wed", "thu", "fri", "sat", "sun",
    ]

    /// Zone abbreviations with one meaning each (not `IST` or `CST`, which name several zones; `CST` is read
    /// as US Central, as Google writes it for US accounts).
    static let abbreviations: [String: Int] = [
        "UTC": 0, "GMT": 0, "UT": 0, "Z": 0, "WET": 0, "BST": 3600, "WEST": 3600, "CET": 3600, "CEST": 7200,
        "EET": 7200, "EEST": 10800, "MSK": 10800, "JST": 32400, "KST": 32400, "AEST": 36000, "AEDT": 39600,
        "NZST": 43200, "NZDT": 46800, "HST": -36000, "AKST": -32400, "AKDT": -28800, "PST": -28800, "PDT": -25200,
        "MST": -25200, "MDT": -21600, "CST": -21600, "CDT": -18000, "EST": -18000, "EDT": -14400,
    ]
}
