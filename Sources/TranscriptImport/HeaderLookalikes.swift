/// Lines of a line-based export (WhatsApp, Signal, IRC) that look like a message header but match none of the
/// layouts its importer knows: what the importer did with each (read it as text of the message before, or left
/// it out) is a warning naming the file and line, never silent.
///
/// A line looks like a header when it starts (after spaces, direction marks and an opening `[` or `(`) with a
/// numeric date (`20.06.19`, `2019-12-24`, `12/24/2019`), then a time (`15:58`, `15.58.47`, an am/pm mark
/// allowed), then a separator and something that names a sender: a word followed by `:` (`Loris: `), or an IRC
/// nick in angle brackets (`<nick>`). So `10:30 works for me`, `3 apples` and `12/10/2021 was a Tuesday` are
/// ordinary text, and `20.06.19 15.58.47 - Loris: hi` is a header in no known layout.
struct HeaderLookalikes {
    /// The numbers of the lines found, counting from 1, in file order.
    private(set) var lines: [Int] = []
    /// The first line found, as written.
    private(set) var first: String?

    /// Notes line `number` when it looks like a header (`text` is the line without its line break).
    mutating func check(_ text: Substring, number: Int) {
        guard let lead = text.utf8.first, Self.mayStartHeader(lead) else { return }
        check(bytes: Array(text.utf8.prefix(400)), number: number)
    }

    /// The same for the line's UTF-8 bytes.
    mutating func check(bytes: [UInt8], number: Int) {
        guard let lead = bytes.first, Self.mayStartHeader(lead), Self.looksLikeHeader(bytes) else { return }
        if first == nil { first = String(String(decoding: bytes, as: UTF8.self).prefix(120)) }
        lines.append(number)
    }

    /// A cheap first test: a header starts with a digit, `[`, `(`, a space or a direction mark.
    static func mayStartHeader(_ lead: UInt8) -> Bool {
        lead == UInt8(ascii: "[") || lead == UInt8(ascii: "(") || lead >= 0x80 || (lead >= 0x30 && lead <= 0x39) || lead == 0x20
    }

    /// The warning about the lines found in `file`, or nil for none: the first line's number and text, what was
    /// done with such lines (`treatment`), and the numbers of a few more.
    func warning(file: String, format: String, treatment: String) -> String? {
        guard let firstLine = lines.first, let first else { return nil }
        let text = "\(file):\(firstLine): this line looks like a message header but matches no layout of \(format) exports transcripts knows"
            + " (\"\(first)\"), so \(treatment)"
        return text + Self.alsoLines(lines.dropFirst())
    }

    /// `; so are lines 7, 9 and 3 more` for the lines after the first one a warning names; empty for none.
    static func alsoLines(_ more: ArraySlice<Int>) -> String {
        guard !more.isEmpty else { return "" }
        let listed = more.prefix(5).map(String.init).joined(separator: ", ")
        return "; so \(more.count == 1 ? "is line" : "are lines") \(listed)" + (more.count > 5 ? " and \(more.count - 5) more" : "")
    }

    /// Whether the line's bytes start like a header (see the type's description).
    static func looksLikeHeader(_ bytes: [UInt8]) -> Bool {
        var index = skipSpacesAndMarks(bytes, 0)
        if index < bytes.count, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "(") {
            index = skipSpacesAndMarks(bytes, index + 1)
        }
        // The date: three numbers with the same separator, the first or the last the year.
        guard let (_, firstDigits) = number(bytes, &index, maxDigits: 4), index < bytes.count else { return false }
        let separator = bytes[index]
        guard separator == UInt8(ascii: "/") || separator == UInt8(ascii: ".") || separator == UInt8(ascii: "-") else { return false }
        index += 1
        if index < bytes.count, bytes[index] == 0x20, separator == UInt8(ascii: ".") { index += 1 }
        guard number(bytes, &index, maxDigits: 2) != nil, index < bytes.count, bytes[index] == separator else { return false }
        index += 1
        if index < bytes.count, bytes[index] == 0x20, separator == UInt8(ascii: ".") { index += 1 }
        guard let (_, lastDigits) = number(bytes, &index, maxDigits: 4) else { return false }
        guard (firstDigits == 4 && lastDigits <= 2) || (firstDigits <= 2 && (lastDigits == 2 || lastDigits == 4)) else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") { index += 1 }
        // Between date and time: a comma, spaces, a `T`, at most a few of them.
        let gapStart = index
        while index < bytes.count, index - gapStart < 4,
              bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "T")
        {
            index += 1
        }
        guard index > gapStart else { return false }
        // The time: H:MM or H.MM, optional seconds.
        // (Not checked for range: `25:00` looks like a time as much as `23:00` does.)
        guard number(bytes, &index, maxDigits: 2) != nil, index < bytes.count else { return false }
        let timeSeparator = bytes[index]
        guard timeSeparator == UInt8(ascii: ":") || timeSeparator == UInt8(ascii: ".") else { return false }
        index += 1
        guard let (_, minuteDigits) = number(bytes, &index, maxDigits: 2), minuteDigits == 2 else { return false }
        if index + 2 < bytes.count, bytes[index] == timeSeparator, isDigit(bytes[index + 1]), isDigit(bytes[index + 2]) { index += 3 }
        // Then up to a few characters of am/pm marks, brackets, dashes and colons before the sender.
        let tailStart = index
        while index < bytes.count, index - tailStart < 12 {
            let byte = bytes[index]
            let isLetterOfMark = "aApPmM.".utf8.contains(byte)
            guard byte == 0x20 || byte == 0x09 || byte >= 0x80 || isLetterOfMark || "]):-|,".utf8.contains(byte) else { break }
            index += 1
        }
        guard index > tailStart, index < bytes.count else { return false }
        // A sender: `<nick>`, or a name of up to 80 bytes with a letter in it, then `:` and a space or the end.
        if bytes[index] == UInt8(ascii: "<") {
            return bytes[(index + 1)...].prefix(40).contains(UInt8(ascii: ">"))
        }
        var hasLetter = false
        for position in index..<min(bytes.count, index + 80) {
            let byte = bytes[position]
            if byte == UInt8(ascii: ":") {
                return hasLetter && position > index && (position + 1 == bytes.count || bytes[position + 1] == 0x20)
            }
            if byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "+") {
                hasLetter = true
            }
        }
        return false
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    private static func number(_ bytes: [UInt8], _ index: inout Int, maxDigits: Int) -> (Int, Int)? {
        var value = 0
        var digits = 0
        while index < bytes.count, digits <= maxDigits, isDigit(bytes[index]) {
            value = value * 10 + Int(bytes[index] - 0x30)
            digits += 1
            index += 1
        }
        guard digits >= 1, digits <= maxDigits else { return nil }
        return (value, digits)
    }

    /// Skips spaces and the direction marks WhatsApp puts before headers (U+200E, U+200F, U+202A–U+202E, U+FEFF).
    private static func skipSpacesAndMarks(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x20 || bytes[index] == 0x09 {
                index += 1
            } else if index + 2 < bytes.count, (bytes[index] == 0xE2 && bytes[index + 1] == 0x80) || (bytes[index] == 0xEF && bytes[index + 1] == 0xBB) {
                index += 3
            } else {
                break
            }
        }
        return index
    }
}
