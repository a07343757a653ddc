import TranscriptModel

/// The text of a message as `message.attributedBody` holds it: an `NSAttributedString` archived in a
/// typedstream (`TypedStreamReader`), read as its string and its attribute runs.
///
/// The archived string is an object whose first group holds the `NSString` (its first group: the text as
/// UTF-8, type `+`). Its runs follow, one group of type `iI` each: a number naming the run's attributes and
/// the run's length in UTF-16 code units. The first run with a number is followed by a group holding its
/// attributes, an `NSDictionary` (a count, then key and value objects in turn); later runs with the same
/// number share them.
struct IMessageAttributedBody: Equatable {
    /// A run of the text with the same attributes.
    struct Run: Equatable {
        var text: String
        var attributes: [String: Attribute]
    }

    /// An attribute's value: text (a mention's handle), a number (bold: 1, a text effect's number), a URL.
    enum Attribute: Equatable {
        case text(String)
        case number(Int64)
        case url(String)
        case other(String)
    }

    /// The whole text.
    var text: String
    var runs: [Run]

    /// Decodes a blob of `attributedBody`.
    init(_ bytes: [UInt8]) throws {
        let groups = try TypedStreamReader.read(bytes)
        guard let root = groups.first?.first?.object, root.isKind(of: "NSAttributedString") else {
            throw TypedStreamError(offset: 0, reason: "the archive does not hold an NSAttributedString")
        }
        guard let stringObject = root.groups.first?.first?.object, let string = Self.string(of: stringObject) else {
            throw TypedStreamError(offset: 0, reason: "the NSAttributedString holds no string")
        }
        text = string
        runs = []
        let utf16 = Array(string.utf16)
        var position = 0
        var known: [Int64: [String: Attribute]] = [:]
        var index = 1
        while index < root.groups.count {
            let group = root.groups[index]
            index += 1
            guard group.count == 2, case .integer(let number) = group[0], case .integer(let length) = group[1] else { continue }
            if known[number] == nil, index < root.groups.count, let dictionary = root.groups[index].first?.object,
               dictionary.isKind(of: "NSDictionary")
            {
                known[number] = Self.attributes(of: dictionary)
                index += 1
            }
            let end = min(utf16.count, position + max(0, Int(clamping: length)))
            let piece = String(decoding: utf16[position..<end], as: UTF16.self)
            runs.append(Run(text: piece, attributes: known[number] ?? [:]))
            position = end
        }
        if position < utf16.count {
            runs.append(Run(text: String(decoding: utf16[position...], as: UTF16.self), attributes: [:]))
        }
    }

    /// The text of an `NSString` (or `NSMutableString`) object.
    static func string(of object: TypedStreamObject) -> String? {
        guard object.isKind(of: "NSString"), case .string(let bytes)? = object.groups.first?.first else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first string found in an object and the objects it holds (an `NSURL` keeps its address as one).
    static func firstString(in object: TypedStreamObject) -> String? {
        if let text = string(of: object) { return text }
        for value in object.groups.joined() {
            if case .object(let inner) = value, let text = firstString(in: inner) { return text }
        }
        return nil
    }

    private static func attributes(of dictionary: TypedStreamObject) -> [String: Attribute] {
        var result: [String: Attribute] = [:]
        var values = dictionary.groups.dropFirst().compactMap(\.first)[...]
        while let key = values.popFirst(), let value = values.popFirst() {
            guard let keyObject = key.object, let name = string(of: keyObject) else { continue }
            result[name] = attribute(value)
        }
        return result
    }

    private static func attribute(_ value: TypedStreamValue) -> Attribute {
        guard let object = value.object else { return .other("") }
        if object.isKind(of: "NSString"), let text = string(of: object) { return .text(text) }
        if object.isKind(of: "NSURL") { return firstString(in: object).map { .url($0) } ?? .other(object.className) }
        if object.isKind(of: "NSNumber") || object.isKind(of: "NSValue") {
            for value in object.groups.joined() {
                switch value {
                case .integer(let number): return .number(number)
                case .double(let number) where number.isFinite && abs(number) < 9e18: return .number(Int64(number))
                default: continue
                }
            }
        }
        return .other(object.className)
    }
}

extension IMessageAttributedBody {
    /// The attribute keys of the formatting transcripts shows.
    enum Key {
        static let link = "__kIMLinkAttributeName"
        static let mention = "__kIMMentionConfirmedMention"
        static let bold = "__kIMTextBoldAttributeName"
        static let italic = "__kIMTextItalicAttributeName"
        static let underline = "__kIMTextUnderlineAttributeName"
        static let strikethrough = "__kIMTextStrikethroughAttributeName"
        static let effect = "__kIMTextEffectAttributeName"
    }

    /// The text as a kind of the model: `text` when nothing in it is formatted, else `markdown` with its links,
    /// mentions, bold, italic, underline and strikethrough (text effects such as "big" or "shake" are shown as
    /// plain text). The object replacement character (where an attachment goes) is left out; nil when no text
    /// is left.
    var kind: MessageKind? {
        let pieces = runs.map { run in (text: IMessageText.withoutPlaceholders(run.text), attributes: run.attributes) }
        let plain = pieces.map(\.text).joined()
        guard !plain.allSatisfy(\.isWhitespace) else { return nil }
        let formattingKeys = [Key.link, Key.mention, Key.bold, Key.italic, Key.underline, Key.strikethrough]
        guard pieces.contains(where: { piece in formattingKeys.contains { piece.attributes[$0] != nil } }) else {
            return .text(plain)
        }
        var writer = MarkdownWriter()
        for piece in pieces where !piece.text.isEmpty {
            Self.write(piece.text, piece.attributes, into: &writer)
        }
        return .markdown(writer.compactMarkdown)
    }

    private static func write(_ text: String, _ attributes: [String: Attribute], into writer: inout MarkdownWriter) {
        var wrappers: [(inout MarkdownWriter, (inout MarkdownWriter) -> Void) -> Void] = []
        if case .url(let url)? = attributes[Key.link] { wrappers.append { $0.link(to: url, $1) } }
        if attributes[Key.mention] != nil { wrappers.append { $0.mention($1) } }
        if isSet(attributes[Key.bold]) { wrappers.append { $0.bold($1) } }
        if isSet(attributes[Key.italic]) { wrappers.append { $0.italic($1) } }
        if isSet(attributes[Key.underline]) { wrappers.append { $0.underline($1) } }
        if isSet(attributes[Key.strikethrough]) { wrappers.append { $0.strike($1) } }
        func apply(_ remaining: ArraySlice<(inout MarkdownWriter, (inout MarkdownWriter) -> Void) -> Void>, _ writer: inout MarkdownWriter) {
            guard let first = remaining.first else {
                writer.append(text)
                return
            }
            first(&writer) { inner in apply(remaining.dropFirst(), &inner) }
        }
        apply(wrappers[...], &writer)
    }

    private static func isSet(_ attribute: Attribute?) -> Bool {
        switch attribute {
        case nil: false
        case .number(let number)?: number != 0
        default: true
        }
    }
}

/// Text of the Messages database.
enum IMessageText {
    /// The object replacement character: where an attachment is shown in the message.
    static let attachmentPlaceholder: Character = "\u{FFFC}"

    /// `text` without the places of attachments (U+FFFC) and of app content (U+FFFD).
    static func withoutPlaceholders(_ text: String) -> String {
        guard text.contains(where: { $0 == "\u{FFFC}" || $0 == "\u{FFFD}" }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FFFC}" && $0 != "\u{FFFD}" }))
    }
}
