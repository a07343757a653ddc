import Foundation
import TranscriptModel
import Yams

/// Names for the Messages database's handles (phone numbers and email addresses), which the database does not
/// hold: from a vCard file (`.vcf`, as Contacts exports it: `FN`, `TEL`, `EMAIL`) or a YAML map of handle to
/// name (`"+15551234567": Ann Lee`). Phone numbers are compared by their digits, so `+1 (555) 123-4567`
/// names `+15551234567`, and a number written without its country code (`0151 12345678`) names one with it
/// (`+4915112345678`) when no other number ends the same way.
struct IMessageContacts: Sendable, Equatable {
    private var byEmail: [String: String] = [:]
    private var byDigits: [String: String] = [:]

    init() {}

    /// Reads the file at `url`; errors name it as `displayPath`.
    init(contentsOf url: URL, displayPath: String) throws {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw TranscriptsError(file: displayPath, message: "cannot read the contacts file (\(TranscriptsError.sentence(for: error)))")
        }
        let isVCard = ["vcf", "vcard"].contains(url.pathExtension.lowercased())
            || text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).uppercased().hasPrefix("BEGIN:VCARD")
        if isVCard {
            for card in Self.cards(in: text) {
                for handle in card.handles { add(handle, name: card.name) }
            }
            return
        }
        let loaded: Any?
        do {
            loaded = try Yams.load(yaml: text)
        } catch {
            throw TranscriptsError(file: displayPath, message: "not a vCard file or a YAML map of handles to names (\(error))")
        }
        guard let map = loaded as? [AnyHashable: Any] else {
            throw TranscriptsError(file: displayPath, message: "expected a vCard file or a YAML map of handles to names, such as \"+15551234567\": Ann Lee")
        }
        for (key, value) in map {
            guard let name = value as? String ?? (value as? CustomStringConvertible)?.description else { continue }
            add("\(key.base)", name: name)
        }
    }

    /// The name of the person with this handle, if the contacts have it.
    func name(of handle: String) -> String? {
        if handle.contains("@") { return byEmail[handle.lowercased()] }
        let digits = Self.digits(handle)
        guard !digits.isEmpty else { return byEmail[handle.lowercased()] }
        if let name = byDigits[digits] { return name }
        // A number written with and without its country code (or trunk prefix): the longer ends with the shorter.
        guard digits.count >= 7 else { return nil }
        let matches = byDigits.filter { key, _ in
            key.count >= 7 && (key.hasSuffix(digits) || digits.hasSuffix(key))
        }
        return matches.count == 1 ? matches.first?.value : nil
    }

    private mutating func add(_ handle: String, name: String) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return }
        let digits = Self.digits(handle)
        if handle.contains("@") || digits.isEmpty {
            byEmail[handle.lowercased().trimmingCharacters(in: .whitespaces)] = byEmail[handle.lowercased()] ?? name
        } else if byDigits[digits] == nil {
            byDigits[digits] = name
        }
    }

    /// The digits of a phone number without leading zeros (a trunk or international prefix: `0151 …`, `0049 …`).
    static func digits(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { ("0"..."9").contains($0) }.drop { $0 == "0" }))
    }

    // MARK: vCard

    struct Card {
        var name: String
        var handles: [String]
    }

    /// The cards of a vCard file (versions 2.1, 3.0 and 4.0): its name (`FN`, else `N`) and its `TEL` and
    /// `EMAIL` values.
    static func cards(in text: String) -> [Card] {
        // Unfold: a line starting with a space or tab continues the one before.
        var lines: [String] = []
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += raw.dropFirst()
            } else {
                lines.append(String(raw))
            }
        }
        var cards: [Card] = []
        var formatted: String?
        var structured: String?
        var handles: [String] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let property = line[..<colon].split(separator: ";").first.map { $0.split(separator: ".").last.map(String.init) ?? "" }?.uppercased() ?? ""
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            switch property {
            case "BEGIN": formatted = nil; structured = nil; handles = []
            case "FN": formatted = unescape(value)
            case "N":
                let parts = value.split(separator: ";", omittingEmptySubsequences: false).map { unescape(String($0)) }
                let given = parts.count > 1 ? parts[1] : "", family = parts.first ?? ""
                structured = [given, family].filter { !$0.isEmpty }.joined(separator: " ")
            case "TEL", "EMAIL":
                var handle = value
                if handle.lowercased().hasPrefix("tel:") { handle.removeFirst(4) }
                if handle.lowercased().hasPrefix("mailto:") { handle.removeFirst(7) }
                if !handle.isEmpty { handles.append(handle) }
            case "END":
                if let name = [formatted, structured].compactMap({ $0 }).first(where: { !$0.isEmpty }) {
                    cards.append(Card(name: name, handles: handles))
                }
            default: continue
            }
        }
        return cards
    }

    private static func unescape(_ value: String) -> String {
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
}
