import Foundation
import TranscriptModel
import TranscriptSupport

/// Reads the cards of a vCard file (versions 2.1, 3.0 and 4.0, RFC 6350): each card's name and the ids its
/// person writes under (`TEL`, `EMAIL`, `IMPP`, `X-SOCIALPROFILE`), for the config's `people:` and the names of
/// iMessage's handles. A file that is not vCard is an error naming its line.
package struct VCardReader {
    /// One card: the person's name and ids, and the line its `BEGIN:VCARD` is on.
    package struct Card: Equatable, Sendable {
        package var name: String
        package var ids: [String]
        package var line: Int

        package init(name: String, ids: [String], line: Int) {
            self.name = name
            self.ids = ids
            self.line = line
        }
    }

    /// How a file's path is shown in errors.
    package let displayPath: String

    package init(displayPath: String) {
        self.displayPath = displayPath
    }

    /// The cards of the file's `text`.
    package func cards(in text: String) throws -> [Card] {
        var cards: [Card] = []
        var current: (card: Card, formatted: String?, structured: String?)?
        for (line, content) in unfolded(text) {
            if content.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            guard let colon = Self.valueColon(in: content) else {
                throw TranscriptsError(file: displayPath, line: line, message: "not a vCard line (no \"name:value\")")
            }
            let head = content[..<colon]
            var value = String(content[content.index(after: colon)...])
            var parameters = head.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            var name = parameters.removeFirst().uppercased()
            if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }  // `item1.TEL`
            let parameterValues = Self.parameters(parameters)
            if parameterValues["ENCODING"]?.uppercased() == "QUOTED-PRINTABLE" { value = Self.quotedPrintable(value) }
            switch name {
            case "BEGIN" where value.uppercased() == "VCARD":
                if let open = current {
                    throw TranscriptsError(
                        file: displayPath, line: line, message: "a card begins inside the card of line \(open.card.line) (no END:VCARD)")
                }
                current = (Card(name: "", ids: [], line: line), nil, nil)
            case "END" where value.uppercased() == "VCARD":
                guard let open = current else {
                    throw TranscriptsError(file: displayPath, line: line, message: "END:VCARD without BEGIN:VCARD")
                }
                var card = open.card
                card.name = open.formatted ?? open.structured ?? card.ids.first ?? ""
                cards.append(card)
                current = nil
            default:
                guard current != nil else {
                    throw TranscriptsError(file: displayPath, line: line, message: "a vCard property outside BEGIN:VCARD and END:VCARD")
                }
                switch name {
                case "FN":
                    let text = Self.unescaped(value).trimmingCharacters(in: .whitespaces)
                    if !text.isEmpty { current!.formatted = text }
                case "N":
                    let parts = Self.components(value)
                    let given = parts.count > 1 ? parts[1] : "", family = parts.first ?? ""
                    let text = [given, family].filter { !$0.isEmpty }.joined(separator: " ")
                    if !text.isEmpty { current!.structured = text }
                case "TEL", "EMAIL":
                    current!.card.ids.append(contentsOf: Self.ids(ofAddress: Self.unescaped(value)))
                case "IMPP":
                    current!.card.ids.append(contentsOf: Self.ids(ofAddress: Self.unescaped(value)))
                case "X-SOCIALPROFILE":
                    if let user = parameterValues["X-USER"], !user.isEmpty { current!.card.ids.append(user) }
                    current!.card.ids.append(contentsOf: Self.ids(ofProfile: Self.unescaped(value)))
                default:
                    break
                }
            }
        }
        if let open = current {
            throw TranscriptsError(file: displayPath, line: open.card.line, message: "the card that begins here has no END:VCARD")
        }
        return cards.map { card in
            var card = card
            var seen = Set<String>()
            card.ids = card.ids.filter { !$0.isEmpty && seen.insert($0).inserted }
            return card
        }
    }

    /// The file's logical lines with the number of the line each begins on: a line that starts with a space or
    /// a tab continues the one before (RFC 6350 3.2), as does a quoted-printable line ending in `=` (vCard 2.1).
    private func unfolded(_ text: String) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        var number = 0
        // "\r\n" is one Character: lines end at it or at "\n".
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            var line = String(raw)
            if let last = lines.last {
                if line.first == " " || line.first == "\t" {
                    line.removeFirst()
                    lines[lines.count - 1].1 = last.1 + line
                    continue
                }
                if last.1.hasSuffix("="), last.1.uppercased().contains("QUOTED-PRINTABLE") {
                    lines[lines.count - 1].1 = String(last.1.dropLast()) + line
                    continue
                }
            }
            lines.append((number, line))
        }
        return lines
    }

    /// The colon between a line's name and parameters and its value (a colon in a quoted parameter value does not count).
    static func valueColon(in line: String) -> String.Index? {
        var quoted = false
        for index in line.indices {
            switch line[index] {
            case "\"": quoted.toggle()
            case ":" where !quoted: return index
            default: continue
            }
        }
        return nil
    }

    /// `TYPE=cell`, `X-USER="ann"`, and vCard 2.1's bare `QUOTED-PRINTABLE`, by upper-cased name.
    static func parameters(_ parts: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 {
                values[pair[0].uppercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            } else if part.uppercased() == "QUOTED-PRINTABLE" {
                values["ENCODING"] = "QUOTED-PRINTABLE"
            }
        }
        return values
    }

    /// A text value with `\,`, `\;`, `\\` and `\n` as what they stand for.
    static func unescaped(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var result = ""
        var escaped = false
        for character in value {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The `;`-separated parts of a structured value (`N`), unescaped.
    static func components(_ value: String) -> [String] {
        var parts: [String] = []
        var part = ""
        var escaped = false
        for character in value {
            if escaped {
                part.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ";" {
                parts.append(Self.unescaped(part).trimmingCharacters(in: .whitespaces))
                part = ""
            } else {
                part.append(character)
            }
        }
        parts.append(part.trimmingCharacters(in: .whitespaces))
        return parts
    }

    /// Quoted-printable text (`=C3=A9`) as UTF-8 text.
    static func quotedPrintable(_ value: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(value.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "="), index + 2 < utf8.count,
               let byte = UInt8(String(decoding: utf8[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(byte)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The id of a `TEL`, `EMAIL` or `IMPP` value: without a URI scheme (`tel:`, `mailto:`, `xmpp:`, `x-apple:`).
    static func ids(ofAddress value: String) -> [String] {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard let colon = text.firstIndex(of: ":") else { return text.isEmpty ? [] : [text] }
        let scheme = text[..<colon]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "+" || $0 == "." }) else { return [text] }
        let rest = text[text.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        return rest.isEmpty ? [] : [rest]
    }

    /// The handle of an `X-SOCIALPROFILE` value: a profile address's last path part (`https://t.me/quinn` → `quinn`),
    /// or the value itself.
    static func ids(ofProfile value: String) -> [String] {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else { return ids(ofAddress: text) }
        let last = url.path.split(separator: "/").last.map(String.init) ?? ""
        return last.isEmpty ? [] : [last.hasPrefix("@") ? String(last.dropFirst()) : last]
    }
}
