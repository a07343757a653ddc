import TranscriptModel

/// The header that starts a WhatsApp message line, read from UTF-8 bytes without regular expressions.
///
/// ```
/// [20.06.19, 15:58:47] Loris: text              iOS (brackets)
/// 20/06/2019, 15:58 - Loris: text                Android (" - ")
/// 12/24/2019 11:30 p. m. - John: text            12-hour clock, localised am/pm
/// 15/12/2025, 10:34:00 AM Charlie: text          neither: only with a `sender:`
/// 20.06.19 15.58.47: Loris: text                  a colon right after the time
/// ```
///
/// The date's day/month order is not decided here (it is decided once per file, see `WhatsAppDateOrder`);
/// the header keeps the three numbers as written.
struct WhatsAppHeader: Equatable {
    enum Style: UInt8 {
        case bracket, dash, bare, colon
    }

    enum Meridiem: UInt8 {
        case am, pm
    }

    package var style: Style
    /// The date's numbers as written, and how many digits the first and the last had.
    package var first: Int
    var second: Int
    var third: Int
    var firstDigits: Int
    var thirdDigits: Int
    /// The date's separator: `/`, `.` or `-`.
    package var separator: UInt8
    var hour: Int
    var minute: Int
    package var seconds: Int?
    var meridiem: Meridiem?
    /// Where the text after the header starts (the sender or a system text), as a byte index.
    var restStart: Int

    /// Whether the date is written year first (`2019/01/30`): a first number of three or four digits.
    var isYearFirst: Bool { firstDigits >= 3 }

    /// The hour on a 24-hour clock; broken values such as `13:37 p.m.` and `00:08 a. m.` are kept as written.
    var hour24: Int {
        switch meridiem {
        case .pm where hour < 12: return hour + 12
        case .am where hour == 12: return 0
        default: return hour
        }
    }

    /// Reads the header at the start of the line `bytes[start..<end]` (without its line break); nil when the
    /// line does not start with one.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> WhatsAppHeader? {
        var index = WhatsAppBytes.skipMarks(bytes, from: start, to: end)
        guard index < end else { return nil }
        var style = Style.dash
        if bytes[index] == 0x5B {  // [
            style = .bracket
            index = WhatsAppBytes.skipMarks(bytes, from: index + 1, to: end)
        }
        // The date: three numbers with the same separator.
        guard let (first, firstDigits) = number(bytes, &index, end, maxDigits: 4) else { return nil }
        guard index < end else { return nil }
        let separator = bytes[index]
        guard separator == 0x2F || separator == 0x2E || separator == 0x2D else { return nil }  // / . -
        index += 1
        if separator == 0x2E, index < end, bytes[index] == 0x20 { index += 1 }  // "5. 10. 2021"
        guard let (second, _) = number(bytes, &index, end, maxDigits: 2) else { return nil }
        guard index < end, bytes[index] == separator else { return nil }
        index += 1
        if separator == 0x2E, index < end, bytes[index] == 0x20 { index += 1 }
        guard let (third, thirdDigits) = number(bytes, &index, end, maxDigits: 4) else { return nil }
        if firstDigits >= 3 {
            guard firstDigits == 4, thirdDigits <= 2 else { return nil }
        } else {
            guard thirdDigits == 2 || thirdDigits == 4 else { return nil }
        }
        guard validDate(first: first, second: second, third: third, firstDigits: firstDigits, thirdDigits: thirdDigits)
        else { return nil }
        if index < end, bytes[index] == 0x2E { index += 1 }  // "2021. 10. 05."
        // Between date and time: a comma, spaces, or both (and Finnish "klo").
        var sawGap = false
        if index < end, bytes[index] == 0x2C {
            index += 1
            sawGap = true
        }
        let afterDate = index
        index = WhatsAppBytes.skipSpaces(bytes, from: index, to: end)
        if index > afterDate { sawGap = true }
        guard sawGap else { return nil }
        if index + 3 < end, bytes[index] == 0x6B, bytes[index + 1] == 0x6C, bytes[index + 2] == 0x6F {  // klo
            let afterWord = WhatsAppBytes.skipSpaces(bytes, from: index + 3, to: end)
            if afterWord > index + 3 { index = afterWord }
        }
        // The time: H:MM or H.MM, with optional seconds, and an optional trailing dot.
        guard let (hour, _) = number(bytes, &index, end, maxDigits: 2), index < end else { return nil }
        let timeSeparator = bytes[index]
        guard timeSeparator == 0x3A || timeSeparator == 0x2E else { return nil }
        index += 1
        guard let (minute, minuteDigits) = number(bytes, &index, end, maxDigits: 2), minuteDigits == 2 else { return nil }
        var seconds: Int?
        if index + 2 < end, bytes[index] == timeSeparator, WhatsAppBytes.isDigit(bytes[index + 1]),
           WhatsAppBytes.isDigit(bytes[index + 2]) {
            seconds = Int(bytes[index + 1] - 0x30) * 10 + Int(bytes[index + 2] - 0x30)
            index += 3
            if index < end, WhatsAppBytes.isDigit(bytes[index]) { return nil }
        }
        guard hour < 24, minute < 60, (seconds ?? 0) < 60 else { return nil }
        if index < end, bytes[index] == 0x2E { index += 1 }  // "13:34. -"
        // An am/pm mark: "AM", "pm", "a. m.", "p.m.", with any kind of space, even "3:22_AM".
        var meridiem: Meridiem?
        if let (mark, next) = readMeridiem(bytes, from: index, to: end) {
            meridiem = mark
            index = next
        }
        let beforeGap = index
        index = WhatsAppBytes.skipSpaces(bytes, from: index, to: end)
        let hadGap = index > beforeGap
        switch style {
        case .bracket:
            guard index < end, bytes[index] == 0x5D else { return nil }  // ]
            index += 1
            index = WhatsAppBytes.skipSpaces(bytes, from: index, to: end)
        default:
            if index < end, bytes[index] == 0x2D, hadGap {  // " - "
                index += 1
                guard index == end || WhatsAppBytes.spaceLength(bytes, at: index, end: end) > 0 else { return nil }
                index = WhatsAppBytes.skipSpaces(bytes, from: index, to: end)
            } else if index + 2 < end, bytes[index] == 0xE2, bytes[index + 1] == 0x80, bytes[index + 2] == 0x93, hadGap {
                index += 3  // " – "
                index = WhatsAppBytes.skipSpaces(bytes, from: index, to: end)
            } else if !hadGap, index < end, bytes[index] == 0x3A,
                      index + 1 == end || WhatsAppBytes.spaceLength(bytes, at: index + 1, end: end) > 0 {
                // "20.06.19 15.58.47: Loris: text": a colon right after the time, then a space.
                index = WhatsAppBytes.skipSpaces(bytes, from: index + 1, to: end)
                style = .colon
            } else {
                guard hadGap, index < end else { return nil }
                style = .bare
            }
        }
        return WhatsAppHeader(
            style: style, first: first, second: second, third: third, firstDigits: firstDigits,
            thirdDigits: thirdDigits, separator: separator, hour: hour, minute: minute, seconds: seconds,
            meridiem: meridiem, restStart: index)
    }

    /// Whether some reading of the three numbers is a real date (day/month, month/day or year first).
    static func validDate(first: Int, second: Int, third: Int, firstDigits: Int, thirdDigits: Int) -> Bool {
        if firstDigits == 4 { return isDate(year: first, month: second, day: third) }
        let year = thirdDigits == 2 ? 2000 + third : third
        return isDate(year: year, month: second, day: first) || isDate(year: year, month: first, day: second)
            || (thirdDigits == 2 && isDate(year: 2000 + first, month: second, day: third))
    }

    static func isDate(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= ISO8601Text.daysInMonth(year: year, month: month)
    }

    private static func number(
        _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int, maxDigits: Int
    ) -> (Int, Int)? {
        var value = 0
        var digits = 0
        while index < end, digits <= maxDigits, WhatsAppBytes.isDigit(bytes[index]) {
            value = value * 10 + Int(bytes[index] - 0x30)
            digits += 1
            index += 1
        }
        guard digits >= 1, digits <= maxDigits else { return nil }
        return (value, digits)
    }

    /// `a`/`p`, an optional dot and space, `m`, an optional dot; then a space, `]`, `-` or the line's end.
    private static func readMeridiem(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> (Meridiem, Int)? {
        var index = start
        if index < end, bytes[index] == 0x5F {  // "3:22_AM"
            index += 1
        } else {
            index = WhatsAppBytes.skipSpaces(bytes, from: index, to: end)
        }
        guard index < end else { return nil }
        let letter = bytes[index] | 0x20
        guard letter == 0x61 || letter == 0x70 else { return nil }  // a p
        index += 1
        if index < end, bytes[index] == 0x2E { index += 1 }
        index += WhatsAppBytes.spaceLength(bytes, at: index, end: end)
        guard index < end, bytes[index] | 0x20 == 0x6D else { return nil }  // m
        index += 1
        if index < end, bytes[index] == 0x2E { index += 1 }
        guard index == end || bytes[index] == 0x5D || bytes[index] == 0x2D
            || WhatsAppBytes.spaceLength(bytes, at: index, end: end) > 0
        else { return nil }
        return (letter == 0x61 ? .am : .pm, index)
    }
}

/// Byte-level helpers for WhatsApp's text: spaces of every kind, direction marks and digits.
enum WhatsAppBytes {
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// The length of a space at `index`: ` `, U+00A0, U+202F, U+2009 (tabs too); 0 for anything else.
    @inline(__always)
    static func spaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        guard index < end else { return 0 }
        let byte = bytes[index]
        if byte == 0x20 || byte == 0x09 { return 1 }
        if byte == 0xC2, index + 1 < end, bytes[index + 1] == 0xA0 { return 2 }
        if byte == 0xE2, index + 2 < end, bytes[index + 1] == 0x80, bytes[index + 2] == 0xAF || bytes[index + 2] == 0x89 {
            return 3
        }
        return 0
    }

    static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while true {
            let length = spaceLength(bytes, at: index, end: end)
            if length == 0 { return index }
            index += length
        }
    }

    /// The length of a direction mark, embedding or isolate at `index` (U+200E, U+200F, U+202A–U+202E,
    /// U+2066–U+2069, U+FEFF); 0 otherwise.
    @inline(__always)
    static func markLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        guard index + 2 < end else { return 0 }
        let lead = bytes[index]
        if lead == 0xE2 {
            let middle = bytes[index + 1], last = bytes[index + 2]
            if middle == 0x80, last == 0x8E || last == 0x8F || (last >= 0xAA && last <= 0xAE) { return 3 }
            if middle == 0x81, last >= 0xA6, last <= 0xA9 { return 3 }
        } else if lead == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
            return 3
        }
        return 0
    }

    static func skipMarks(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while true {
            let length = markLength(bytes, at: index, end: end)
            if length == 0 { return index }
            index += length
        }
    }
}
