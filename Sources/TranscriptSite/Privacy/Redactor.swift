import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Masks what `privacy.redact` names in a text: each match of a built-in kind (checked: a card number's
/// Luhn digit, an IBAN's mod-97 digits, an address's octets) or of an expression becomes the mask.
/// Overlapping matches are masked once, as one.
package struct Redactor: Sendable {
    let patterns: [RedactionPattern]
    let mask: String

    package init(patterns: [RedactionPattern], mask: String) {
        self.patterns = patterns
        self.mask = mask
    }

    /// `text` with every match masked; how many matches were masked.
    package func redact(_ text: String) -> (text: String, count: Int) {
        guard !patterns.isEmpty, !text.isEmpty else { return (text, 0) }
        let clues = Clues(text)
        let string = text as NSString
        let whole = NSRange(location: 0, length: string.length)
        var ranges: [NSRange] = []
        for pattern in patterns where clues.allow(pattern.kind) {
            let expression = Self.expression(for: pattern.kind)
            for match in expression.matches(in: text, range: whole) {
                let candidate = string.substring(with: match.range)
                if Self.holds(candidate, as: pattern.kind) { ranges.append(match.range) }
            }
        }
        guard !ranges.isEmpty else { return (text, 0) }
        ranges.sort { $0.location < $1.location }
        var merged: [NSRange] = []
        for range in ranges {
            if let last = merged.last, range.location <= last.location + last.length {
                let end = max(last.location + last.length, range.location + range.length)
                merged[merged.count - 1] = NSRange(location: last.location, length: end - last.location)
            } else {
                merged.append(range)
            }
        }
        var result = ""
        var position = 0
        for range in merged {
            result += string.substring(with: NSRange(location: position, length: range.location - position))
            result += mask
            position = range.location + range.length
        }
        result += string.substring(from: position)
        return (result, merged.count)
    }

    /// What a text holds that the built-in kinds need, counted in one pass: a text without an `@` holds no
    /// email address, one with few digits no number; those expressions are not run on it.
    struct Clues {
        var digits = 0
        var hasAt = false
        var dots = 0
        var colons = 0

        init(_ text: String) {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
                case UInt8(ascii: "@"): hasAt = true
                case UInt8(ascii: "."): dots += 1
                case UInt8(ascii: ":"): colons += 1
                default: break
                }
            }
        }

        func allow(_ kind: RedactionPattern.Kind) -> Bool {
            switch kind {
            case .email: hasAt
            case .phone: digits >= 7
            case .card: digits >= 13
            case .iban: digits >= 4
            case .ip: (digits >= 4 && dots >= 3) || colons >= 2
            case .expression: true
            }
        }
    }

    // MARK: - The built-in kinds

    private static let email = try! NSRegularExpression(pattern: #"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"#)
    /// International numbers (`+49 170 1234567`), an area code in brackets (`(415) 555-0134`), national
    /// numbers that start with 0 (`0612345678`, `06 12 34 56 78`) and the North American `415-555-0134`.
    private static let phone = try! NSRegularExpression(
        pattern: #"(?<![\w.+\-])(?:\+\d[\d ()./\-]{5,20}\d|\(\d{1,4}\)[ .\-]?\d[\d .\-]{3,14}\d|0\d(?:[ .\-/]?\d){6,12}|\d{3}[ .\-]\d{3}[ .\-]\d{4})(?!\w)"#)
    private static let iban = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}(?![A-Za-z0-9])"#)
    private static let card = try! NSRegularExpression(pattern: #"(?<![\d\-])\d(?:[ \-]?\d){12,18}(?![\d\-])"#)
    private static let ipv4 = try! NSRegularExpression(pattern: #"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?!\.?\d)(?!\w)"#)
    private static let ipv6 = try! NSRegularExpression(pattern: #"(?<![\w:])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?![\w:])"#)
    private static let ip = try! NSRegularExpression(pattern: ipv4.pattern + "|" + ipv6.pattern)

    private static func expression(for kind: RedactionPattern.Kind) -> NSRegularExpression {
        switch kind {
        case .email: email
        case .phone: phone
        case .iban: iban
        case .card: card
        case .ip: ip
        case .expression(let expression): expression
        }
    }

    /// Whether a candidate match is what its kind says: the checks that a pattern alone cannot make.
    static func holds(_ candidate: String, as kind: RedactionPattern.Kind) -> Bool {
        switch kind {
        case .email, .expression: return true
        case .phone:
            let digits = candidate.filter(\.isASCIIDigit).count
            return (7...15).contains(digits) && !looksLikeDate(candidate)
        case .iban: return isIBAN(candidate)
        case .card: return isCardNumber(candidate)
        case .ip: return isIPAddress(candidate)
        }
    }

    /// `01.05.2024`, `2024-05-01`, `1/5/24`: dates, which some phone shapes would take.
    static func looksLikeDate(_ text: String) -> Bool {
        let parts = text.split(whereSeparator: { $0 == "." || $0 == "/" || $0 == "-" })
        guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return false }
        let lengths = parts.map(\.count)
        return lengths == [4, 2, 2] || (lengths[0] <= 2 && lengths[1] <= 2 && (lengths[2] == 2 || lengths[2] == 4))
    }

    /// The Luhn check of 13 to 19 digits.
    static func isCardNumber(_ text: String) -> Bool {
        let digits = text.compactMap(\.wholeNumberValue)
        guard (13...19).contains(digits.count) else { return false }
        var sum = 0
        for (position, digit) in digits.reversed().enumerated() {
            if position % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return sum % 10 == 0
    }

    /// ISO 13616: 15 to 34 characters whose rearranged number is 1 modulo 97.
    static func isIBAN(_ text: String) -> Bool {
        let compact = text.filter { $0 != " " }
        guard (15...34).contains(compact.count) else { return false }
        let rearranged = compact.dropFirst(4) + compact.prefix(4)
        var remainder = 0
        for character in rearranged {
            guard let value = character.isASCIIDigit ? character.wholeNumberValue
                : character.asciiValue.flatMap({ (65...90).contains($0) ? Int($0) - 55 : nil })
            else { return false }
            for digit in String(value) {
                remainder = (remainder * 10 + digit.wholeNumberValue!) % 97
            }
        }
        return remainder == 1
    }

    /// A dotted IPv4 address (each part 0 to 255) or an IPv6 address (as `inet_pton` reads it).
    static func isIPAddress(_ text: String) -> Bool {
        if text.contains(".") {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count == 4 && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit) && Int(part)! <= 255
            }
        }
        guard text.filter({ $0 == ":" }).count >= 2, text.contains(where: { $0 != ":" }) else { return false }
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
