/// Every word the pages show, in one language: labels ("Search", "Photo"), sentences with placeholders
/// ("Forwarded from {name}") and counted phrases with a form per plural category ("{count} messages").
///
/// Tables come from `Templates/strings/<language>.yml` (built in, then the site's own file on top; see
/// `StringTables`). Values are plain text: templates escape them like any other value, and Swift code
/// fills placeholders in and returns text, never markup.
public struct StringTable: Sendable, Equatable {
    /// One entry: a text, or a text per plural category.
    public enum Entry: Sendable, Equatable {
        case text(String)
        case plural([PluralCategory: String])
    }

    /// The language the table is for (`en`, `de`, `ar`), which picks the plural rules.
    public let language: String
    /// The entries by key.
    public let entries: [String: Entry]

    public init(language: String, entries: [String: Entry]) {
        self.language = language
        self.entries = entries
    }

    /// The keys, sorted.
    public var keys: [String] { entries.keys.sorted() }

    /// The text of `key` with its placeholders (`{name}`) replaced by `values`; the key itself when the table
    /// has no such entry (a plural entry gives its `other` form).
    public func text(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        text(key, pairs: values.map { ($0.key, $0.value) })
    }

    /// `text(_:_:)` with the values as a list of name and value.
    func text(_ key: String, pairs values: [(String, String)]) -> String {
        switch entries[key] {
        case .text(let text)?: Self.fill(text, values)
        case .plural(let forms)?: Self.fill(forms[.other] ?? key, values)
        case nil: key
        }
    }

    /// The form of `key` for `count` in this language, with `{count}` and the other placeholders filled in.
    public func plural(_ key: String, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        var all: [(String, String)] = [("count", String(count))]
        all.append(contentsOf: values.map { ($0.key, $0.value) })
        switch entries[key] {
        case .plural(let forms)?:
            let category = PluralCategory.of(count, language: language)
            return Self.fill(forms[category] ?? forms[.other] ?? key, all)
        case .text(let text)?: return Self.fill(text, all)
        case nil: return key
        }
    }

    /// The plural forms of `key` by category name (`one`, `other`), for scripts that pick a form themselves
    /// (`Intl.PluralRules`); a text entry as its `other` form.
    public func forms(_ key: String) -> [String: String] {
        switch entries[key] {
        case .plural(let forms)?: Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) })
        case .text(let text)?: ["other": text]
        case nil: [:]
        }
    }

    /// Names joined as a list in this language: `Ana`, `Ana and Ben`, `Ana, Ben and Carla`.
    public func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        case 2: return text("listTwo", ["first": items[0], "second": items[1]])
        default:
            let head = items.dropLast().joined(separator: text("listSeparator"))
            return text("listLast", ["list": head, "last": items[items.count - 1]])
        }
    }

    /// `text` with every `{name}` that `values` names replaced (once, left to right: a value's own braces are
    /// never read again); other braces are kept as they are.
    static func fill<Values: Sequence>(_ text: String, _ values: Values) -> String where Values.Element == (String, String) {
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var text = text
        // The bytes read in place (looking for a brace through `utf8` is many times slower).
        return text.withUTF8 { bytes -> String? in
            guard let firstBrace = bytes.firstIndex(of: open) else { return nil }
            // A few values: looked up in order (the first of a repeated name counts), without hashing.
            let values = Array(values)
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + values.reduce(0) { $0 + $1.1.utf8.count })
            result.append(contentsOf: bytes[..<firstBrace])
            var position = firstBrace
            while position < bytes.count {
                guard bytes[position] == open else {
                    result.append(bytes[position])
                    position += 1
                    continue
                }
                let nameStart = position + 1
                if let end = bytes[nameStart...].firstIndex(of: close),
                   let value = values.first(where: { Self.names($0.0, UnsafeBufferPointer(rebasing: bytes[nameStart..<end])) })?.1
                {
                    result.append(contentsOf: value.utf8)
                    position = end + 1
                } else {
                    result.append(open)
                    position = nameStart
                }
            }
            return String(decoding: result, as: UTF8.self)
        } ?? text
    }

    /// Whether `name` is the placeholder name `bytes`: byte for byte, or for text beyond ASCII as `String`
    /// compares (canonically equivalent).
    private static func names(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var name = name
        // The name's bytes read in place: comparing through `utf8` is many times slower.
        let (equal, nameIsASCII) = name.withUTF8 { ($0.elementsEqual(bytes), !$0.contains(where: { $0 >= 0x80 })) }
        if equal { return true }
        guard bytes.contains(where: { $0 >= 0x80 }) || !nameIsASCII else { return false }
        return name == String(decoding: bytes, as: UTF8.self)
    }
}
