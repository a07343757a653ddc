import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// What could not be read in one message of a JSON export as its format writes it: each field missing or of the
/// wrong type, with what it held and what was done instead (issue 15, class 2). Nothing is dropped silently: the
/// message keeps what could be read, what the fields held is kept in a part of the message (`keptPart`), and the
/// importer warns of each problem, naming the file, the line and the JSON path (`FieldWarnings`).
///
/// A message read as the format writes it has no problem, and an empty list allocates nothing.
struct FieldProblems: Sendable, Equatable {
    struct Problem: Sendable, Equatable {
        /// The path below the message: `date`, `content.body`; empty for the message itself.
        var key: String
        /// What is wrong and what was done: `expected a string, found an object; the text is left out`.
        var message: String
        /// What the field held, kept in the message's `fields` part; nil when the message shows it anyway or
        /// when the field is missing.
        var kept: JSONValue?
    }

    private(set) var list: [Problem] = []

    init() {}

    var isEmpty: Bool { list.isEmpty }

    mutating func note(_ key: String, _ message: String, keeping value: JSONValue? = nil) {
        list.append(Problem(key: key, message: message, kept: value))
    }

    /// A field of the wrong type: `expected <what>, found <value>; <did>`, its value kept unless `keep` is false
    /// (the message shows it anyway).
    mutating func wrongType(_ key: String, expected: String, found value: JSONValue, did: String, keep: Bool = true) {
        note(key, "expected \(expected), found \(value.kindDescription); \(did)", keeping: keep ? value : nil)
    }

    mutating func missing(_ key: String, did: String) {
        note(key, "\"\(key.split(separator: ".").last.map(String.init) ?? key)\" is missing; \(did)")
    }

    /// What the notes say of a value kept in the message's `fields` part.
    static let keptNote = "its value is kept in the message's \u{201C}fields\u{201D} part"

    /// The text of a field that holds a string: a number or true/false is shown as written (and noted); anything
    /// else is noted and gives nil, its value kept in the `fields` part (or, with `keep` false, for a field that
    /// is not a message's, written out in the note). Nil, without a note, when the field is absent or null.
    /// (`key` is only made for a note, so that reading a well-formed message builds no text.)
    /// The object `value` holds; anything else is noted (`did` says what was done without it) and gives nil,
    /// its value kept in the `fields` part. Nil, without a note, when the field is absent or null.
    mutating func object(_ value: JSONValue?, at key: @autoclosure () -> String, did: String) -> [String: JSONValue]? {
        switch value {
        case .object(let object)?: return object
        case nil, .null?: return nil
        case let other?:
            wrongType(key(), expected: "an object", found: other, did: "\(did); \(Self.keptNote)")
            return nil
        }
    }

    mutating func text<Value: JSONView>(_ value: Value?, at key: @autoclosure () -> String, what: String, keep: Bool = true) -> String? {
        guard let value, !value.isNull else { return nil }
        if let text = value.stringValue { return text }
        let json = value.json
        if value.numberValue != nil || value.boolValue != nil {
            let shown = json.displayText
            wrongType(key(), expected: "a string", found: json, did: "\(what) is shown as \(shown)", keep: false)
            return shown
        }
        if keep {
            wrongType(key(), expected: "a string", found: json, did: "\(what) is left out; \(Self.keptNote)")
        } else {
            wrongType(key(), expected: "a string", found: json, did: "\(what) is left out: \(Self.written(json))", keep: false)
        }
        return nil
    }

    /// A value as compact JSON for a note, shortened past 200 characters.
    static func written(_ value: JSONValue) -> String {
        let text = value.compactJSON
        return text.count > 200 ? text.prefix(200) + "…" : text
    }

    /// An id written as a non-empty string or a whole number; anything else is noted (and kept), and gives nil.
    /// (`did` is only made for a note, so that reading a well-formed message builds no text.)
    mutating func identifier<Value: JSONView>(_ value: Value?, at key: String, did: @autoclosure () -> String) -> String? {
        guard let value, !value.isNull else { return nil }
        if let text = value.stringValue, !text.isEmpty { return text }
        if let number = value.numberValue, number == number.rounded(), abs(number) < 1e16 { return String(Int64(number)) }
        wrongType(key, expected: "an id (a string or a whole number)", found: value.json, did: did())
        return nil
    }

    /// Notes a field that holds a list of objects (attachments, reactions, ...) when it is not a list, or for each
    /// of its items that is not an object; their values are kept.
    mutating func checkObjects(in value: JSONValue?, at key: String) {
        switch value {
        case nil, .null?: return
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                if case .object = item { continue }
                wrongType("\(key)[\(index)]", expected: "an object", found: item, did: "it is left out; \(Self.keptNote)")
            }
        case let other?:
            wrongType(key, expected: "a list", found: other, did: "it is left out; \(Self.keptNote)")
        }
    }

    /// Whether `keptPart` gives a part.
    var hasKeptPart: Bool { list.contains { $0.kept != nil } }

    /// The part that holds what the message's fields held when they could not be read: an unsupported `fields`
    /// item, shown with each field and its value. Nil when nothing was kept.
    func keptPart(id: String, sender: String?, date: Timestamp) -> Message? {
        guard !list.isEmpty else { return nil }
        let kept = list.compactMap { problem in problem.kept.map { (problem.key.isEmpty ? "message" : problem.key, $0) } }
        guard !kept.isEmpty else { return nil }
        var fields: [String: JSONValue] = [:]
        for (key, value) in kept where fields[key] == nil { fields[key] = value }
        return Message(id: id, sender: sender, date: date, kind: .unsupported(UnsupportedContent(type: "fields", raw: .object(fields))))
    }
}

/// The warnings of one file's field problems: each names the file, the line and column of the field and its JSON
/// path (`result.json:412:88: at messages[12].date: …`), in the order of the file; after the first
/// `FieldWarnings.limit`, one line counts the rest. `--strict` fails on them.
struct FieldWarnings {
    static let limit = 20

    let file: String
    private var listed: [(path: String, key: String, message: String, offset: Int?)] = []
    private var more = 0

    init(file: String) { self.file = file }

    /// Notes the problems of the message at `path` (`messages[12]`), which starts at byte `offset` of the file.
    mutating func add(_ problems: FieldProblems, at path: String, offset: Int?) {
        for problem in problems.list {
            guard listed.count < Self.limit else {
                more += 1
                continue
            }
            listed.append((path, problem.key, problem.message, offset))
        }
    }

    /// The warnings, with the lines and columns of the fields found in `bytes` (the file's); without bytes, the
    /// JSON paths only.
    func warnings(in bytes: UnsafeBufferPointer<UInt8>?) -> [String] {
        var offsets: [Int?] = listed.map(\.offset)
        if let bytes {
            let scanner = JSONScanner(bytes: bytes)
            offsets = listed.map { entry in
                entry.offset.map { scanner.offset(of: JSONPath(pathText: entry.key), inDocumentAt: $0) }
            }
        }
        let positions = bytes.map { TextPosition.of(offsets.map { $0 ?? 0 }, in: $0) }
        // In the file's order (a message's problems are noted in the order its fields are read).
        let order = listed.indices.sorted { (offsets[$0] ?? 0, $0) < (offsets[$1] ?? 0, $1) }
        var result = order.map { index in
            let entry = listed[index]
            let path = entry.key.isEmpty || entry.path.isEmpty || entry.key.hasPrefix("[")
                ? entry.path + entry.key : entry.path + "." + entry.key
            let position = offsets[index] == nil ? nil : positions?[index]
            return TranscriptsError(file: file, line: position?.line, column: position?.column, path: path, message: entry.message)
                .description
        }
        if more > 0 {
            result.append("\(file): \(more) more field\(more == 1 ? "" : "s") could not be read as the format writes them (the first \(Self.limit) are listed)")
        }
        return result
    }
}
