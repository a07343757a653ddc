import Foundation
import TranscriptModel
import TranscriptSupport
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
            for card in try VCardReader(displayPath: displayPath).cards(in: text) {
                for handle in card.ids { add(handle, name: card.name) }
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

    /// Names `handle` (unless a name was given for it before).
    mutating func add(_ handle: String, name: String) {
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
}
