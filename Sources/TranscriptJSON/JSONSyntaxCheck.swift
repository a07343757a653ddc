import TranscriptSupport

/// Where a JSON document breaks: the first syntax error, found by walking the bytes without building any value
/// (a 700 MB export cut short is reported without reading it into memory), with its byte offset, line and
/// column and the JSON path of the value being read there (`messages[12].text`).
///
/// Readers parse the parts of a big document on their own; when a part fails, the walk from the document's
/// start says where that is in the document. It accepts exactly what `JSONParser` accepts, with the same
/// bound on nesting; only keys that appear twice in one object are left to the parser (which says where).
package struct JSONSyntaxCheck {
    /// A syntax error in a document.
    package struct Problem: Error, Equatable, Sendable {
        /// From the first byte of the bytes given (a file's first byte), counting from 0.
        package var offset: Int
        /// The line and column of `offset`, counting from 1 (columns in Unicode scalars).
        package var line: Int
        package var column: Int
        /// The JSON path of the value being read, relative to the document (`""` at its top).
        package var path: String
        /// What is wrong.
        package var reason: String
    }

    /// How the end of the checked bytes is called in reasons: "file", or "line" for a line of JSON Lines.
    package enum Unit: String, Sendable {
        case file, line
    }

    /// The first syntax error of the document in `document` (a range of `bytes`; a UTF-8 byte-order mark at its
    /// start is skipped). When `stop` is given and nothing is wrong before it (the parser found what the walk
    /// does not look for, a repeated key), the problem is `reason` at `stop`. Nil for a well-formed document.
    package static func problem(
        in bytes: UnsafeBufferPointer<UInt8>, document: Range<Int>? = nil, stoppingAt stop: Int? = nil,
        reason: String = "invalid JSON", unit: Unit = .file
    ) -> Problem? {
        var walk = JSONSyntaxCheck(bytes: bytes, document: document ?? 0..<bytes.count, stop: stop, unit: unit)
        guard let (offset, found) = walk.run() else { return nil }
        let position = TextPosition.of(offset, in: bytes)
        return Problem(
            offset: offset, line: position.line, column: position.column, path: walk.pathText(), reason: found ?? reason)
    }

    /// A container being read: an object (with the byte range of its current key) or a list (with the index
    /// of its current element).
    private struct Frame {
        var isObject: Bool
        var index = 0
        var key: Range<Int>?
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let end: Int
    private let stop: Int
    private let unit: Unit
    private var index: Int
    private var stack: [Frame] = []
    private static let maximumDepth = 512

    private init(bytes: UnsafeBufferPointer<UInt8>, document: Range<Int>, stop: Int?, unit: Unit) {
        self.bytes = bytes
        end = min(document.upperBound, bytes.count)
        self.stop = stop ?? Int.max
        self.unit = unit
        var start = document.lowerBound
        if end - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF { start += 3 }
        index = start
    }

    /// The offset and reason of the first problem (nil reason: the caller's, at `stop`), or nil.
    private mutating func run() -> (Int, String?)? {
        enum Step { case value, key, after }
        var step = Step.value
        while true {
            skipWhitespace()
            if index >= stop { return (stop, nil) }
            switch step {
            case .value:
                guard index < end else {
                    return (index, stack.isEmpty ? "the \(unit) holds no JSON value" : "the \(unit) ends where a value should be\(cutShort)")
                }
                guard stack.count < Self.maximumDepth else { return (index, "nested too deeply") }
                switch bytes[index] {
                case 0x7B, 0x5B:
                    let isObject = bytes[index] == 0x7B
                    stack.append(Frame(isObject: isObject))
                    index += 1
                    skipWhitespace()
                    if index < end, bytes[index] == (isObject ? 0x7D : 0x5D) {
                        index += 1
                        stack.removeLast()
                        step = .after
                    } else {
                        step = isObject ? .key : .value
                    }
                    continue
                case 0x22:
                    if let problem = skipString() { return problem }
                case 0x74: if let problem = expectWord("true") { return problem }
                case 0x66: if let problem = expectWord("false") { return problem }
                case 0x6E: if let problem = expectWord("null") { return problem }
                case 0x2D, 0x30...0x39: if let problem = skipNumber() { return problem }
                default: return (index, "expected a value")
                }
                step = .after
            case .key:
                guard index < end else { return (index, "the \(unit) ends inside an object\(cutShort)") }
                guard bytes[index] == 0x22 else { return (index, "expected a key in quotes") }
                let keyStart = index
                if let problem = skipString() { return problem }
                stack[stack.count - 1].key = keyStart..<index
                skipWhitespace()
                guard index < end else { return (index, "the \(unit) ends inside an object\(cutShort)") }
                guard bytes[index] == 0x3A else { return (index, "expected ':' after a key") }
                index += 1
                step = .value
            case .after:
                guard let top = stack.last else {
                    return index < end ? (index, "unexpected text after the JSON value") : nil
                }
                guard index < end else {
                    return (index, "the \(unit) ends inside \(top.isObject ? "an object" : "a list")\(cutShort)")
                }
                if bytes[index] == 0x2C {
                    index += 1
                    if top.isObject {
                        stack[stack.count - 1].key = nil
                        step = .key
                    } else {
                        stack[stack.count - 1].index += 1
                        step = .value
                    }
                } else if bytes[index] == (top.isObject ? 0x7D : 0x5D) {
                    index += 1
                    stack.removeLast()
                } else {
                    return (index, top.isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
            }
        }
    }

    private var cutShort: String { unit == .file ? " (it may be cut short)" : "" }

    private mutating func skipWhitespace() {
        while index < end {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func skipString() -> (Int, String?)? {
        index += 1
        while index < end {
            let byte = bytes[index]
            switch byte {
            case 0x22:
                index += 1
                return nil
            case 0x5C:
                index += 1
                guard index < end else { break }
                switch bytes[index] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: index += 1
                case 0x75:
                    index += 1
                    for _ in 0..<4 {
                        guard index < end, Self.isHexDigit(bytes[index]) else { return (index, "expected four hex digits after \\u") }
                        index += 1
                    }
                default: return (index, "unknown escape sequence in a string")
                }
            case 0..<0x20:
                // A line break with nothing after it: a string cut short with the file.
                if byte == 0x0A || byte == 0x0D, (index..<end).allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains(bytes[$0]) }) {
                    return (index, "the \(unit) ends inside a string\(cutShort)")
                }
                return (index, "a control character in a string must be escaped")
            default: index += 1
            }
        }
        return (index, "the \(unit) ends inside a string\(cutShort)")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private mutating func skipDigits() {
        while index < end, (0x30...0x39).contains(bytes[index]) { index += 1 }
    }

    private mutating func skipNumber() -> (Int, String?)? {
        if bytes[index] == 0x2D { index += 1 }
        guard index < end, (0x30...0x39).contains(bytes[index]) else { return (index, "expected a digit") }
        if bytes[index] == 0x30 { index += 1 } else { skipDigits() }
        if index < end, bytes[index] == 0x2E {
            index += 1
            guard index < end, (0x30...0x39).contains(bytes[index]) else { return (index, "expected a digit after '.'") }
            skipDigits()
        }
        if index < end, bytes[index] | 0x20 == 0x65 {
            index += 1
            if index < end, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard index < end, (0x30...0x39).contains(bytes[index]) else { return (index, "expected a digit in the exponent") }
            skipDigits()
        }
        return nil
    }

    private mutating func expectWord(_ word: StaticString) -> (Int, String?)? {
        let length = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            index + length <= end && (0..<length).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { return (index, "expected a value") }
        index += length
        return nil
    }

    /// The path of the value being read: `messages[12].text`, shortened in the middle when it is very deep.
    private func pathText() -> String {
        var parts: [String] = []
        for frame in stack {
            if frame.isObject {
                guard let key = frame.key else { break }
                let name: String
                if case .string(let text)? = try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[key])) {
                    name = text
                } else {
                    name = "?"
                }
                parts.append(parts.isEmpty ? name : "." + name)
            } else {
                parts.append("[\(frame.index)]")
            }
        }
        guard parts.count > 12 else { return parts.joined() }
        return parts.prefix(10).joined() + "… (\(parts.count - 10) levels deeper)"
    }
}

extension JSONSyntaxCheck {
    /// Parses `part` of the JSON document `document` in `bytes` (a whole file's bytes; by default the document is
    /// all of them). A syntax error names the file, its line and column there, the JSON path reached and the byte
    /// offset, whatever part was being parsed. `depth` is how deep the part is nested in the document. Strings
    /// that held bytes that are not UTF-8 are added to `invalidUTF8`, placed in `bytes` and `document` (for
    /// `InvalidUTF8.warning`).
    package static func parse(
        _ part: Range<Int>, of document: Range<Int>? = nil, in bytes: UnsafeBufferPointer<UInt8>, file: String,
        unit: Unit = .file, depth: Int = 0, pathPrefix: String = "", invalidUTF8: inout InvalidUTF8?
    ) throws -> JSONValue {
        do {
            var found: InvalidUTF8?
            let value = try JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[part]), depth: depth, invalidUTF8: &found)
            invalidUTF8.add(found?.placed(at: part.lowerBound, in: document ?? 0..<bytes.count))
            return value
        } catch let error as JSONParser.SyntaxError {
            throw located(error, part: part, of: document, in: bytes, file: file, unit: unit, pathPrefix: pathPrefix)
        }
    }

    /// The error to report for `error`, which the parser gave for `part` of `document` in `bytes`: the first
    /// problem of the document, found by walking it from its start up to the place of `error`.
    package static func located(
        _ error: JSONParser.SyntaxError, part: Range<Int>, of document: Range<Int>? = nil, in bytes: UnsafeBufferPointer<UInt8>,
        file: String, unit: Unit = .file, pathPrefix: String = ""
    ) -> TranscriptsError {
        let problem = JSONSyntaxCheck.problem(
            in: bytes, document: document ?? 0..<bytes.count, stoppingAt: part.lowerBound + error.offset, reason: error.reason,
            unit: unit)
        guard let problem else {
            // Not reached: the parser and the walk accept the same documents.
            let position = TextPosition.of(part.lowerBound + error.offset, in: bytes)
            return TranscriptsError(file: file, line: position.line, column: position.column, message: "invalid JSON: \(error.reason)")
        }
        return TranscriptsError(syntax: problem, file: file, pathPrefix: pathPrefix)
    }
}
