import TranscriptModel

/// The strings table as templates read it: `{{t.search}}` is the text of `search` (escaped like every value),
/// and `{{{t.json}}}` the texts the page's scripts show, as JSON for a
/// `<script type="application/json" id="transcripts-strings">` block (no inline script runs on the pages);
/// `{{{t.pageJSON}}}` only those of the scripts every page loads, which most pages need (a fifth of the bytes).
///
/// `TemplateSet` puts it under every page model and message row, so `t` is in scope in every template.
public final class StringsObject: TemplateObject {
    public let table: StringTable
    /// The JSON for the scripts, made once.
    public let json: String
    /// The JSON for the scripts every page loads (`pageScriptKeys`), made once.
    public let pageJSON: String

    public init(_ table: StringTable) {
        self.table = table
        self.json = Self.scriptJSON(table)
        self.pageJSON = Self.scriptJSON(table, keys: Self.pageScriptKeys)
    }

    public func templateValue(for name: String) -> TemplateValue? {
        if name == "json" { return .text(json) }
        if name == "pageJSON" { return .text(pageJSON) }
        guard table.entries[name] != nil else { return nil }
        return .text(table.text(name))
    }

    /// The keys the scripts in `Templates/assets/` read (through `assets/strings.js`).
    public static let scriptKeys = [
        "lightMode", "darkMode", "switchToLightMode", "switchToDarkMode", "copyLink", "copyLinkToMessage", "linkCopied",
        "linkNotCopied", "findUnavailable", "finding", "noMatches", "findFailed", "matchPosition", "kindEvent",
        "hasPhoto", "hasVideo", "hasAudio", "hasFile", "hasLink", "hasSticker", "hasLocation", "hasPoll", "hasContact",
        "hasEvent", "searching", "searchFailed", "searchIndexFailed", "noResultsFor", "noResults", "resultCount",
        "resultCountMore", "resultsFor", "resultsDone", "unlockUnsupported", "unlocking", "wrongPassphrase", "unlockFailed",
        "dayAndTime",
    ]

    /// The keys of the scripts the built-in `page` template loads on every page: theme.js, permalinks.js, the find
    /// bar of conversation pages (find-bar.js) and the header's search box (site-search.js, which shows none).
    public static let pageScriptKeys = [
        "lightMode", "darkMode", "switchToLightMode", "switchToDarkMode", "copyLink", "copyLinkToMessage", "linkCopied",
        "linkNotCopied", "findUnavailable", "finding", "noMatches", "findFailed", "matchPosition", "dayAndTime",
    ]

    /// `{"lang":"de","copyLink":"Link kopieren","resultCount":{"one":"…","other":"…"},…}`, with `<`, `>` and `&`
    /// written as `\u003c`… so the block can never end early or be read as markup.
    static func scriptJSON(_ table: StringTable, keys: [String] = scriptKeys) -> String {
        var parts = ["\"lang\":" + jsonString(table.language)]
        for key in keys {
            switch table.entries[key] {
            case .plural(let forms)?:
                let members = forms.keys.sorted().map { jsonString($0.rawValue) + ":" + jsonString(forms[$0]!) }
                parts.append(jsonString(key) + ":{" + members.joined(separator: ",") + "}")
            case .text(let text)?:
                parts.append(jsonString(key) + ":" + jsonString(text))
            case nil:
                continue
            }
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    static func jsonString(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "<": output += "\\u003c"
            case ">": output += "\\u003e"
            case "&": output += "\\u0026"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}

/// The bottom of every template's scope: the page model's keys first, then `t`, then (for swift-mustache) the
/// sections of the wrappers that count how deep templates nest (`MustacheNesting`).
final class TemplateRoot: TemplateObject, @unchecked Sendable {
    // `model` is a page model or a dictionary of them, read only while one page renders.
    let model: Any
    let strings: StringsObject
    let nesting: MustacheNesting.Count?

    init(_ model: Any, strings: StringsObject, nesting: MustacheNesting.Count? = nil) {
        self.model = model
        self.strings = strings
        self.nesting = nesting
    }

    func templateValue(for name: String) -> TemplateValue? {
        if let object = model as? any TemplateObject, let value = object.templateValue(for: name) { return value }
        return name == "t" ? .object(strings) : nil
    }

    func child(named name: String) -> Any? {
        if let object = model as? any TemplateObject {
            if let value = object.templateValue(for: name) { return value.mustacheValue }
        } else if let dictionary = model as? [String: Any], let value = dictionary[name] {
            return value
        }
        return name == "t" ? strings : nesting?.answer(name)
    }
}
