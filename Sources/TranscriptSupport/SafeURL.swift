import Foundation

/// Decides which addresses from an export may become links. cmark's safe mode checks the links in message
/// text; these checks cover the addresses that templates put in `href` themselves (link previews, contact
/// cards, custom messages' payloads).
package enum SafeURL {
    /// An `http:` or `https:` address with a host, as a link target; nil for anything else.
    package static func web(_ text: String) -> String? {
        let trimmed = mayNeedTrimming(text) ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else { return nil }
        return url.absoluteString
    }

    /// A `mailto:` link for a plain address (letters, digits and `.!#$%&'*+/=?^_`{|}~-` around one `@`).
    package static func mailto(_ address: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&*+/=?^_`{|}~-")
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed.contains) }) else { return nil }
        return "mailto:" + address
    }

    /// A `tel:` link: the digits and a leading `+`; nil when there are no digits.
    package static func tel(_ number: String) -> String? {
        let digits = number.filter { $0.isASCII && ($0.isNumber || $0 == "+") }
        guard digits.contains(where: \.isNumber) else { return nil }
        return "tel:" + digits
    }

    /// The schemes a link we write may have: anything else is shown as text.
    package static let linkSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    /// Whether `target` may be a link's `href`: an `http:`, `https:`, `mailto:` or `tel:` address, or one
    /// without a scheme (a relative link to the site's own files, `#m-42`). The scheme is read the way
    /// browsers read one: ignoring spaces and control characters, in any case.
    package static func isAllowedLink(_ target: String) -> Bool {
        // Read byte by byte: spaces, control characters and DEL are single bytes in UTF-8, and so are the
        // colon and `/?#`. Only ASCII letters can spell an allowed scheme (no other character lowercases to
        // one of theirs), so the scheme is kept as at most six lowercased ASCII bytes.
        var scheme: UInt64 = 0
        var length = 0
        for byte in target.utf8 {
            switch byte {
            case 0...0x20, 0x7F: continue
            // A colon after a path, query or fragment starts no scheme.
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return true
            case UInt8(ascii: ":"): return length <= 6 && allowedSchemes.contains(scheme)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): scheme = scheme << 8 | UInt64(byte | 0x20)
            default: scheme = scheme << 8 | UInt64(byte)
            }
            length += 1
        }
        return true
    }

    /// `linkSchemes` as their bytes in one number each (`isAllowedLink`).
    private static let allowedSchemes: [UInt64] = linkSchemes.map { $0.utf8.reduce(0) { $0 << 8 | UInt64($1) } }

    /// Whether `text` may start or end with white space: its first or last byte is not printable ASCII.
    private static func mayNeedTrimming(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return false }
        return !(0x21...0x7E).contains(first) || !(0x21...0x7E).contains(last)
    }

    /// Whether text would run something or reach outside the site if a template used it as an address:
    /// a `javascript:`, `vbscript:`, `data:` or `file:` scheme, read the way browsers read one (ignoring
    /// spaces and control characters, in any case).
    package static func isDangerous(_ text: String) -> Bool {
        let squeezed = String(text.unicodeScalars.filter { $0.value > 0x20 && $0 != "\u{7F}" }.prefix(12)).lowercased()
        return ["javascript:", "vbscript:", "data:", "file:"].contains { squeezed.hasPrefix($0) }
    }
}
