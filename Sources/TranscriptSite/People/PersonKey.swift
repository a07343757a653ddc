/// What an id of a person is compared by: a phone number as E.164, an e-mail address without case, anything
/// else (a platform id, a handle, a name) as written. Two ids are the same person's when their keys are equal.
struct PersonKey: Hashable, Sendable, CustomStringConvertible {
    /// `tel:+15555550101`, `mailto:ann@example.com` or `id:user5550101`.
    let value: String

    var description: String { value }

    /// The key of `id`, with numbers written without a country code read in `region`.
    init(_ id: String, region: String?) {
        var text = id.trimmingCharacters(in: .whitespaces)
        for scheme in ["tel:", "mailto:"] where text.lowercased().hasPrefix(scheme) {
            text = String(text.dropFirst(scheme.count))
        }
        if let number = Self.whatsAppNumber(text) {
            text = "+" + number
        }
        if Self.looksLikePhoneNumber(text), let e164 = PhoneNumber.e164(text, region: region) {
            value = "tel:" + e164
        } else if Self.looksLikeEmail(text) {
            value = "mailto:" + text.lowercased()
        } else {
            value = "id:" + id
        }
    }

    /// The digits of a WhatsApp user id (`4915112345678@s.whatsapp.net`, `4915112345678@c.us`), which are the
    /// number with its country code.
    static func whatsAppNumber(_ text: String) -> String? {
        for domain in ["@s.whatsapp.net", "@c.us"] where text.hasSuffix(domain) {
            let digits = text.dropLast(domain.count)
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) { return String(digits) }
        }
        return nil
    }

    /// Whether `text` is written as a phone number: digits and the marks people write numbers with, and at
    /// least five digits. Only such ids are given to libphonenumber, which would read "user5550101" as one.
    static func looksLikePhoneNumber(_ text: String) -> Bool {
        var digits = 0
        for character in text {
            if character.isASCII, character.isNumber {
                digits += 1
            } else if !" +-().\u{A0}/".contains(character) {
                return false
            }
        }
        return digits >= 5
    }

    /// Whether `text` is an e-mail address: one `@` with something before it and a dotted domain after it, no spaces.
    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }
}
