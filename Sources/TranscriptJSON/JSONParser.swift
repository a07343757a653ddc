/// A fast JSON parser from UTF-8 bytes to `JSONValue`, for reading big exports: Foundation's
/// `JSONDecoder` spends most of its time in Codable's generic machinery, this spends it in the bytes.
///
/// It accepts exactly RFC 8259 JSON (one value, optional surrounding whitespace, an optional UTF-8
/// byte-order mark) and reports the line and column of the first error. Bytes in strings that are not UTF-8,
/// and `\u` escapes of lone surrogates, are shown as U+FFFD and noted (`InvalidUTF8`), for the importer's
/// warning.
package struct JSONParser {
    package struct SyntaxError: Error, CustomStringConvertible {
        package var line: Int
        package var column: Int
        /// The byte offset of the error in the bytes parsed (from 0); `JSONSyntaxCheck` turns it into the
        /// place in a whole file and the JSON path there.
        package var offset: Int
        package var reason: String
        package var description: String { "invalid JSON at line \(line), column \(column): \(reason)" }
    }

    /// Parses one JSON document; `depth` is how deep it is nested in a bigger one (a part of a document read
    /// on its own is allowed the nesting it would have there). Strings that held bytes that are not UTF-8 or
    /// escapes of lone surrogates are added to `invalidUTF8` (offsets in `bytes`).
    package static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, depth: Int = 0, invalidUTF8: inout InvalidUTF8?
    ) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: depth)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        invalidUTF8.add(parser.invalidUTF8)
        return value
    }

    /// Parses one JSON document whose bytes that are not UTF-8 need no warning: our own files (the search
    /// index), a key or short value read to recognise a format or to name a path. An export's messages are
    /// read with `parse(_:depth:invalidUTF8:)`.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, depth: Int = 0) throws -> JSONValue {
        var ignored: InvalidUTF8?
        return try parse(bytes, depth: depth, invalidUTF8: &ignored)
    }

    /// Parses one JSON document held in a string.
    package static func parse(_ text: String) throws -> JSONValue {
        var text = text
        return try text.withUTF8 { try parse($0) }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private static let maximumDepth = 512
    /// The members and elements of the objects and lists being read, innermost last (see `parseObject`).
    private var pendingKeys: [String] = []
    private var pendingKeyStarts: [Int] = []
    private var pendingValues: [JSONValue] = []
    private var pendingElements: [JSONValue] = []
    /// The strings read so far that held bytes that are not UTF-8.
    private var invalidUTF8: InvalidUTF8?

    /// The text of the JSON string `quoted` (its quotes included), as `parse` reads it; nil when the bytes are not
    /// one string.
    package static func string(quoted: UnsafeBufferPointer<UInt8>) -> String? {
        var parser = JSONParser(bytes: quoted, reserving: false)
        guard parser.index < quoted.count, quoted[0] == 0x22, let text = try? parser.parseString(), parser.index == quoted.count else {
            return nil
        }
        return text
    }

    /// The value of a number written in JSON's grammar (`-12`, `3.5e2`), as `parse` reads it.
    package static func number(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let isInteger = !text.contains { $0 == 0x2E || $0 | 0x20 == 0x65 }
        if isInteger, text.count <= 15 {
            var value = 0
            var position = 0
            let negative = text.first == 0x2D
            if negative { position += 1 }
            while position < text.count {
                value = value * 10 + Int(text[position] - 0x30)
                position += 1
            }
            return Double(negative ? -value : value)
        }
        return Double(String(decoding: text, as: UTF8.self))
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, reserving: Bool = true) {
        self.bytes = bytes
        guard reserving else { return }
        // Room up front for the members of an object of a few dozen keys (a message): grown from empty, each
        // stack was allocated again five or six times for every message read. A key or a short value gets none.
        let room = Swift.min(32, bytes.count / 16)
        guard room > 1 else { return }
        pendingKeys.reserveCapacity(room)
        pendingKeyStarts.reserveCapacity(room)
        pendingValues.reserveCapacity(room)
        pendingElements.reserveCapacity(room)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    private mutating func parseValue(depth: Int) throws -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input") }
        guard depth < Self.maximumDepth else { throw error("nested too deeply") }
        switch bytes[index] {
        case 0x7B: return try parseObject(depth: depth)
        case 0x5B: return try parseArray(depth: depth)
        case 0x22: return .string(try parseString())
        case 0x74: try expectWord("true"); return .bool(true)
        case 0x66: try expectWord("false"); return .bool(false)
        case 0x6E: try expectWord("null"); return .null
        case 0x2D, 0x30...0x39: return .number(try parseNumber())
        default: throw error("expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == 0x7D {
            index += 1
            return .object([:])
        }
        // The members go on the parser's stacks first, so that the dictionary is made once at its final size.
        let base = pendingKeys.count
        do {
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == 0x22 else { throw error("expected a key in quotes") }
                let key = try parseString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == 0x3A else { throw error("expected ':' after a key") }
                index += 1
                skipWhitespace()
                let keyStart = index
                let value = try parseValue(depth: depth + 1)
                pendingKeys.append(key)
                pendingKeyStarts.append(keyStart)
                pendingValues.append(value)
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input in an object") }
                if bytes[index] == 0x2C {
                    index += 1
                    continue
                }
                guard bytes[index] == 0x7D else { throw error("expected ',' or '}'") }
                index += 1
                break
            }
        } catch {
            // A key repeated among the members read whole comes before anything that went wrong after them.
            _ = try takeMembers(from: base)
            throw error
        }
        return .object(try takeMembers(from: base))
    }

    /// The members on the stacks from `base` on, as one dictionary, taken off the stacks; the first key that
    /// appears twice is an error at its second value.
    private mutating func takeMembers(from base: Int) throws -> [String: JSONValue] {
        var members: [String: JSONValue] = Dictionary(minimumCapacity: pendingKeys.count - base)
        var repeated: (position: Int, key: String)?
        for position in base..<pendingKeys.count {
            // Moved off the stacks (a null and an empty key left in their place), not copied: a copy would be
            // retained here and released again when the stacks are cut back.
            var key = "", value = JSONValue.null
            swap(&key, &pendingKeys[position])
            swap(&value, &pendingValues[position])
            if members.updateValue(value, forKey: key) != nil {
                repeated = (position, key)
                break
            }
        }
        defer {
            pendingKeys.removeSubrange(base...)
            pendingKeyStarts.removeSubrange(base...)
            pendingValues.removeSubrange(base...)
        }
        if let repeated {
            index = pendingKeyStarts[repeated.position]
            throw error("the key \"\(repeated.key)\" appears twice in one object")
        }
        return members
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == 0x5D {
            index += 1
            return .array([])
        }
        // The elements go on the parser's stack first, so that the list is made once at its final size.
        let base = pendingElements.count
        while true {
            skipWhitespace()
            pendingElements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in a list") }
            if bytes[index] == 0x2C {
                index += 1
                continue
            }
            guard bytes[index] == 0x5D else { throw error("expected ',' or ']'") }
            index += 1
            // Moved off the stack (a null left in each place), not copied and released again.
            var elements: [JSONValue] = []
            elements.reserveCapacity(pendingElements.count - base)
            for position in base..<pendingElements.count {
                var value = JSONValue.null
                swap(&value, &pendingElements[position])
                elements.append(value)
            }
            pendingElements.removeSubrange(base...)
            return .array(elements)
        }
    }

    private mutating func parseString() throws -> String {
        index += 1
        let start = index
        // The raw bytes of the string ORed together: below 0x80, they are ASCII and need no validation.
        var high: UInt8 = 0
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22 {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                let text = high < 0x80 ? String(decoding: raw, as: UTF8.self) : validated(raw, at: start - 1)
                index += 1
                return text
            }
            if byte == 0x5C { break }
            if byte < 0x20 { throw error("a control character in a string must be escaped") }
            high |= byte
            index += 1
        }
        var buffer = Array(bytes[start..<index])
        // How many `\u` escapes named a surrogate without its pair (each shown as U+FFFD).
        var loneSurrogates = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x22:
                index += 1
                if loneSurrogates > 0 {
                    invalidUTF8.add(InvalidUTF8(loneSurrogates: InvalidUTF8.Note(
                        offset: start - 1, document: 0..<bytes.count, strings: 1, places: loneSurrogates)))
                }
                // Escapes add only valid UTF-8, but a raw byte next to them may still not be.
                guard high >= 0x80 else { return String(decoding: buffer, as: UTF8.self) }
                return buffer.withUnsafeBufferPointer { validated($0, at: start - 1) }
            case 0x5C:
                index += 1
                guard index < bytes.count else { throw error("unexpected end of input in a string") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case 0x22, 0x5C, 0x2F: buffer.append(escaped)
                case 0x62: buffer.append(0x08)
                case 0x66: buffer.append(0x0C)
                case 0x6E: buffer.append(0x0A)
                case 0x72: buffer.append(0x0D)
                case 0x74: buffer.append(0x09)
                case 0x75:
                    let scalar = try parseHex4()
                    switch scalar {
                    case 0xD800...0xDBFF:
                        // A high surrogate: the escape after it must be the low one that completes it; any other
                        // escape is read on its own.
                        let next = index
                        if index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 {
                            index += 2
                            let low = try parseHex4()
                            if (0xDC00...0xDFFF).contains(low) {
                                appendUTF8(0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00), to: &buffer)
                                continue
                            }
                            index = next
                        }
                        loneSurrogates += 1
                        appendUTF8(0xFFFD, to: &buffer)
                    case 0xDC00...0xDFFF:
                        loneSurrogates += 1
                        appendUTF8(0xFFFD, to: &buffer)
                    default:
                        appendUTF8(scalar, to: &buffer)
                    }
                default:
                    index -= 1
                    throw error("unknown escape sequence in a string")
                }
            default:
                if byte < 0x20 { throw error("a control character in a string must be escaped") }
                // The run up to the next quote, backslash or control character, appended at once (byte by byte,
                // each append would check the buffer's uniqueness and room).
                var end = index + 1
                high |= byte
                while end < bytes.count {
                    let next = bytes[end]
                    if next == 0x22 || next == 0x5C || next < 0x20 { break }
                    high |= next
                    end += 1
                }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
            }
        }
        throw error("unexpected end of input in a string")
    }

    /// The text of a string's bytes beyond ASCII, whose opening quote is at `quote`: validated in one pass
    /// (as fast as decoding), and only when that fails decoded with U+FFFD for each invalid sequence and noted.
    private mutating func validated(_ utf8: UnsafeBufferPointer<UInt8>, at quote: Int) -> String {
        if let text = String(validating: utf8, as: UTF8.self) { return text }
        invalidUTF8.add(InvalidUTF8(bytes: InvalidUTF8.Note(
            offset: quote, document: 0..<bytes.count, strings: 1, places: InvalidUTF8.places(in: utf8))))
        return String(decoding: utf8, as: UTF8.self)
    }

    private mutating func parseHex4() throws -> UInt32 {
        if let value = Self.hex4(bytes, at: index) {
            index += 4
            return value
        }
        // The error is at the first byte that is not a hex digit (at the escape's digits when four do not follow).
        if index + 4 <= bytes.count {
            while Self.hexDigit(bytes[index]) != nil { index += 1 }
        }
        throw error("expected four hex digits after \\u")
    }

    /// The value of the four hex digits at `start` (the digits of a `\u` escape); nil when they are not four.
    package static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
        guard start >= 0, start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for position in start..<start + 4 {
            guard let digit = hexDigit(bytes[position]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    private func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        buffer.append(contentsOf: String(Character(value)).utf8)
    }

    private mutating func parseNumber() throws -> Double {
        let start = index
        if bytes[index] == 0x2D { index += 1 }
        guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { throw error("expected a digit") }
        if bytes[index] == 0x30 {
            index += 1
        } else {
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { throw error("expected a digit after '.'") }
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == 0x65 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { throw error("expected a digit in the exponent") }
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        }
        guard let value = Self.number(UnsafeBufferPointer(rebasing: bytes[start..<index])) else { throw error("not a number") }
        return value
    }

    private mutating func expectWord(_ word: StaticString) throws {
        let length = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            index + length <= bytes.count && (0..<length).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw error("expected a value") }
        index += length
    }

    private func error(_ reason: String) -> SyntaxError {
        var line = 1
        var column = 1
        var position = 0
        while position < min(index, bytes.count) {
            if bytes[position] == 0x0A {
                line += 1
                column = 1
            } else if bytes[position] & 0xC0 != 0x80 {
                column += 1
            }
            position += 1
        }
        return SyntaxError(line: line, column: column, offset: min(index, bytes.count), reason: reason)
    }
}
