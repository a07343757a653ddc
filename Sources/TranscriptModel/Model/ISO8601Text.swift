import Foundation

/// Fast, locale-free reading and writing of ISO 8601 date-times, and the calendar arithmetic behind them.
package enum ISO8601Text {
    package struct Parsed {
        /// Seconds since 1970 of the written wall-clock time, as if it were UTC.
        package var localSeconds: Double
        package var utcOffset: Int?
    }

    /// Reads `YYYY-MM-DD[T ]HH:MM[:SS[.fff]][Z|±HH[:]MM]`; nil when the text is anything else.
    package static func parse(_ text: String) -> Parsed? {
        var text = text
        return text.withUTF8 { bytes -> Parsed? in
            var index = 0
            func digits(_ count: Int) -> Int? {
                guard index + count <= bytes.count else { return nil }
                var value = 0
                for offset in 0..<count {
                    let byte = bytes[index + offset]
                    guard byte >= 48, byte <= 57 else { return nil }
                    value = value * 10 + Int(byte - 48)
                }
                index += count
                return value
            }
            func expect(_ byte: UInt8) -> Bool {
                guard index < bytes.count, bytes[index] == byte else { return false }
                index += 1
                return true
            }
            guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2),
                  (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month)
            else { return nil }
            guard index < bytes.count, bytes[index] == 84 || bytes[index] == 116 || bytes[index] == 32 else { return nil }
            index += 1
            guard let hour = digits(2), expect(58), let minute = digits(2), hour < 24, minute < 60 else { return nil }
            var seconds = 0.0
            if expect(58) {
                guard let whole = digits(2), whole < 61 else { return nil }
                seconds = Double(whole)
                if index < bytes.count, bytes[index] == 46 || bytes[index] == 44 {
                    index += 1
                    var scale = 0.1
                    let start = index
                    while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                        seconds += Double(bytes[index] - 48) * scale
                        scale /= 10
                        index += 1
                    }
                    guard index > start else { return nil }
                }
            }
            var offset: Int?
            if index < bytes.count {
                let sign = bytes[index]
                if sign == 90 || sign == 122 {
                    index += 1
                    offset = 0
                } else if sign == 43 || sign == 45 {
                    index += 1
                    guard let hours = digits(2), hours <= 18 else { return nil }
                    var minutes = 0
                    if expect(58) {
                        guard let written = digits(2) else { return nil }
                        minutes = written
                    } else if index < bytes.count {
                        guard let written = digits(2) else { return nil }
                        minutes = written
                    }
                    guard minutes < 60 else { return nil }
                    offset = (hours * 3600 + minutes * 60) * (sign == 45 ? -1 : 1)
                } else {
                    return nil
                }
            }
            guard index == bytes.count else { return nil }
            let days = daysFromCivil(year: year, month: month, day: day)
            let local = Double(days * 86_400 + hour * 3600 + minute * 60) + seconds
            return Parsed(localSeconds: local, utcOffset: offset)
        }
    }

    /// The UTC offset in `timeZone` that applies to a wall-clock time (given as seconds "as if UTC").
    package static func offset(forLocalSeconds local: Double, in timeZone: TimeZone) -> Int {
        let first = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local))
        let second = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local - Double(first)))
        return second
    }

    /// `YYYY-MM-DDTHH:MM:SS(.fff)±HH:MM` (or `Z`) for a moment seen from `utcOffset`. A moment outside
    /// `Timestamp.representableSeconds` is written as its nearest end (a non-finite one as 1970), never trapping.
    package static func format(_ timestamp: Timestamp, utcOffset: Int) -> String {
        let range = Timestamp.representableSeconds
        let seconds = timestamp.secondsSince1970.isNaN ? 0 : min(max(timestamp.secondsSince1970, range.lowerBound), range.upperBound)
        let local = seconds + Double(utcOffset)
        let whole = local.rounded(.down)
        let millis = Int(((local - whole) * 1000).rounded())
        let fields = CivilTime(secondsSince1970: Int(whole))
        guard (0...9999).contains(fields.year) else {
            // Outside ISO 8601's four-digit years: the same layout with the year as it is.
            return "\(fields.year)-\(pad2(fields.month))-\(pad2(fields.day))T\(pad2(fields.hour)):\(pad2(fields.minute)):\(pad2(fields.second))Z"
        }
        // At most 29 bytes (`2024-05-03T09:30:00.250+05:30`), written into temporary memory and made a string at
        // once (cheaper than `String(unsafeUninitializedCapacity:)`; see `String.joining`),
        // digits by divisions by ten (which the compiler turns into multiplications).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 29) { bytes in
            var count = 0
            // Inlined, with a plain loop: a call per field over a `stride` costs far more.
            @inline(__always) func digits(_ value: Int, _ width: Int) {
                var rest = value
                var place = count + width
                while place > count {
                    place -= 1
                    bytes[place] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                    rest /= 10
                }
                count += width
            }
            @inline(__always) func byte(_ value: UInt8) {
                bytes[count] = value
                count += 1
            }
            digits(fields.year, 4); byte(0x2D); digits(fields.month, 2); byte(0x2D); digits(fields.day, 2)
            byte(0x54)
            digits(fields.hour, 2); byte(0x3A); digits(fields.minute, 2); byte(0x3A); digits(fields.second, 2)
            if millis > 0 && millis < 1000 {
                byte(0x2E)
                digits(millis, 3)
            }
            if utcOffset == 0 {
                byte(0x5A)
            } else {
                let magnitude = abs(utcOffset)
                byte(utcOffset < 0 ? 0x2D : 0x2B)
                digits(magnitude / 3600, 2); byte(0x3A); digits(magnitude % 3600 / 60, 2)
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<count]), as: UTF8.self)
        }
    }

    static func pad2(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }

    static func isLeapYear(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// The calendar fields of a UTC (or already offset) second count.
package struct CivilTime: Equatable {
    package var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    /// Days since 1970-01-01.
    package var dayNumber: Int

    package init(secondsSince1970 seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        dayNumber = days
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
        // Howard Hinnant's `civil_from_days`.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    var isoDate: String {
        let y = String(year)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + ISO8601Text.pad2(month) + "-"
            + ISO8601Text.pad2(day)
    }
}
