import TranscriptSupport

/// A JSON document read in place: the kind and byte range of every value in one flat list, in document order
/// (a "tape"), so that an importer looks up the members it needs and builds only the strings and numbers it keeps.
/// No `JSONValue` tree is made, no dictionary and no key; the list is kept from one document to the next, so
/// reading a message allocates nothing.
///
/// It reads a document the plain way or not at all: one that is not well-formed, is nested deeper than
/// `maximumDepth`, has an object of more than `maximumMembers` members, or holds anything `JSONParser` would note or refuse (bytes that are not UTF-8, an escaped lone
/// surrogate, a repeated key), or a key that is not plain ASCII, is not read (`read` returns false). The caller
/// then parses it with `JSONParser`, which reports it. A value read from the tape is the value `JSONParser` gives
/// for the same bytes (its strings and numbers are made by `JSONParser`'s own code).
package struct JSONTape {
    /// How deep a document may be nested to be read here; deeper ones are left to `JSONParser` and its limit.
    package static let maximumDepth = 64
    /// How many members an object may have to be read here: each key is compared with those before it, so an
    /// object of many more (which no export's message has) is left to `JSONParser`, which hashes them.
    package static let maximumMembers = 128

    /// What a value is.
    package enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object
    }

    /// One value: its kind, where its bytes are and where the values after it begin.
    struct Entry {
        var kind: Kind
        /// A bool's value; for a string, whether it holds escapes.
        var flag: Bool
        /// For an object: the bit of each of its keys (`JSONTape.keyBit`), so that most keys it does not have are
        /// known absent without comparing (in the room the entry had left over).
        var keyBits: UInt16 = 0
        /// A string's first byte after the opening quote, else the value's first byte.
        var start: Int32
        /// A string's closing quote, else the byte after the value.
        var end: Int32
        /// The index of the entry after this value and everything in it.
        var next: Int32
        /// A list's elements, an object's members (each a key entry, then its value's).
        var count: Int32
    }

    private var entries: [Entry] = []

    package init() {}

    /// Reads the document in `bytes` (one value, with whitespace around it) into the tape, replacing what it held;
    /// false when it is not read the plain way (see the type's description), and the tape then holds nothing.
    package mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        entries.removeAll(keepingCapacity: true)
        guard bytes.count < Int(Int32.max), let base = bytes.baseAddress else { return false }
        var reader = Reader(bytes: base, count: bytes.count)
        reader.skipWhitespace()
        guard reader.value(depth: 0, into: &entries) else {
            entries.removeAll(keepingCapacity: true)
            return false
        }
        reader.skipWhitespace()
        guard reader.index == bytes.count else {
            entries.removeAll(keepingCapacity: true)
            return false
        }
        return true
    }

    /// Calls `body` with the document last read (`read` returned true) and `bytes`, the same bytes. The value
    /// and every value found from it are only valid inside `body`.
    package func withRoot<Result>(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Value) throws -> Result) rethrows -> Result {
        precondition(!entries.isEmpty, "JSONTape.withRoot: nothing read")
        return try entries.withUnsafeBufferPointer { list in
            try body(Value(entries: list.baseAddress!, bytes: bytes.baseAddress!, index: 0))
        }
    }

    /// A value of the document on the tape, valid only inside `withRoot`'s body.
    package struct Value: JSONView {
        let entries: UnsafePointer<Entry>
        let bytes: UnsafePointer<UInt8>
        let index: Int

        private var entry: Entry { entries[index] }

        package var kind: Kind { entry.kind }

        package var isNull: Bool { entry.kind == .null }

        package var isObject: Bool { entry.kind == .object }

        package var boolValue: Bool? { entry.kind == .bool ? entry.flag : nil }

        package var stringValue: String? {
            let entry = self.entry
            guard entry.kind == .string else { return nil }
            let start = Int(entry.start)
            let end = Int(entry.end)
            guard entry.flag else {
                // Validated when read.
                return String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
            }
            // With its quotes, by the parser's own decoding of escapes.
            return JSONParser.string(quoted: UnsafeBufferPointer(start: bytes + start - 1, count: end - start + 2))
        }

        package var numberValue: Double? {
            let entry = self.entry
            guard entry.kind == .number else { return nil }
            return JSONParser.number(UnsafeBufferPointer(start: bytes + Int(entry.start), count: Int(entry.end - entry.start)))
        }

        /// The member `key` of an object; nil when there is none or this is not an object.
        package subscript(key: String) -> Value? {
            guard entry.kind == .object, entry.count > 0 else { return nil }
            var key = key
            return key.withUTF8 { member(named: $0) }
        }

        /// The member `key` of an object, for a key written in the code (no `String` made for it).
        package subscript(member key: StaticString) -> Value? {
            guard entry.kind == .object, entry.count > 0 else { return nil }
            return key.withUTF8Buffer { member(named: $0) }
        }

        /// The member whose key's bytes are `wanted`, of this object (with members).
        @inline(__always)
        private func member(named wanted: UnsafeBufferPointer<UInt8>) -> Value? {
            let entry = self.entry
            guard entry.keyBits & JSONTape.keyBit(wanted) != 0 else { return nil }
            var position = index + 1
            for _ in 0..<entry.count {
                let name = entries[position]
                let length = Int(name.end - name.start)
                if length == wanted.count, JSONTape.same(bytes + Int(name.start), wanted.baseAddress, length) {
                    return Value(entries: entries, bytes: bytes, index: position + 1)
                }
                position = Int(entries[position + 1].next)
            }
            return nil
        }

        /// A list's elements; nil when this is not a list.
        package var elements: Elements? {
            let entry = self.entry
            guard entry.kind == .array else { return nil }
            return Elements(first: Value(entries: entries, bytes: bytes, index: index + 1), count: Int(entry.count))
        }

        /// The value as `JSONParser` gives it for its bytes.
        package var json: JSONValue {
            let entry = self.entry
            switch entry.kind {
            case .null: return .null
            case .bool: return .bool(entry.flag)
            case .number: return .number(numberValue!)
            case .string: return .string(stringValue!)
            case .array, .object:
                let value = UnsafeBufferPointer(start: bytes + Int(entry.start), count: Int(entry.end - entry.start))
                // Read once already without anything to note, so it parses the same way again.
                return (try? JSONParser.parse(value)) ?? .null
            }
        }

        /// The elements of a list, in order.
        package struct Elements: Sequence {
            let first: Value
            package let count: Int

            package var underestimatedCount: Int { count }

            package func makeIterator() -> Iterator { Iterator(coming: first, left: count) }

            package struct Iterator: IteratorProtocol {
                var coming: Value
                var left: Int

                package mutating func next() -> Value? {
                    guard left > 0 else { return nil }
                    left -= 1
                    let value = coming
                    coming = Value(entries: value.entries, bytes: value.bytes, index: Int(value.entries[value.index].next))
                    return value
                }
            }
        }
    }
}

extension JSONTape {
    /// The bit of `Entry.keyBits` for a key of these bytes: one of 16, by its length and its first and last
    /// bytes (by its length alone, the many keys of a message had most lengths a key asked for and did not find).
    @inline(__always)
    fileprivate static func keyBit(_ key: UnsafeBufferPointer<UInt8>) -> UInt16 {
        guard let base = key.baseAddress, !key.isEmpty else { return 1 }
        let mixed = UInt(key.count) &* 0x9E37 &+ UInt(base[0]) &* 0x45 &+ UInt(base[key.count - 1])
        return 1 << UInt16(truncatingIfNeeded: (mixed ^ (mixed >> 5)) & 15)
    }

    /// Whether the `length` bytes at `left` and at `right` are the same (short keys and words: a loop).
    fileprivate static func same(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>?, _ length: Int) -> Bool {
        guard length > 0, let right else { return length == 0 }
        for offset in 0..<length where left[offset] != right[offset] { return false }
        return true
    }

    /// Reads values onto the tape: `JSONParser`'s grammar, giving up (false) where the type's description says.
    private struct Reader {
        let bytes: UnsafePointer<UInt8>
        let count: Int
        var index = 0

        init(bytes: UnsafePointer<UInt8>, count: Int) {
            self.bytes = bytes
            self.count = count
        }

        mutating func skipWhitespace() {
            while index < count {
                let byte = bytes[index]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                index += 1
            }
        }

        mutating func value(depth: Int, into entries: inout [Entry]) -> Bool {
            guard index < count, depth < JSONTape.maximumDepth else { return false }
            switch bytes[index] {
            case 0x7B: return object(depth: depth, into: &entries)
            case 0x5B: return array(depth: depth, into: &entries)
            case 0x22: return string(into: &entries, isKey: false)
            case 0x74: return word("true", .bool, true, into: &entries)
            case 0x66: return word("false", .bool, false, into: &entries)
            case 0x6E: return word("null", .null, false, into: &entries)
            case 0x2D, 0x30...0x39: return number(into: &entries)
            default: return false
            }
        }

        private mutating func object(depth: Int, into entries: inout [Entry]) -> Bool {
            let at = entries.count
            entries.append(Entry(kind: .object, flag: false, start: Int32(index), end: 0, next: 0, count: 0))
            index += 1
            skipWhitespace()
            var members: Int32 = 0
            var keyBits: UInt16 = 0
            if index < count, bytes[index] == 0x7D {
                index += 1
            } else {
                while true {
                    skipWhitespace()
                    guard index < count, bytes[index] == 0x22 else { return false }
                    let key = entries.count
                    guard string(into: &entries, isKey: true) else { return false }
                    // Only a key whose bit another one has can repeat it.
                    let keyBit = JSONTape.keyBit(
                        UnsafeBufferPointer(start: bytes + Int(entries[key].start), count: Int(entries[key].end - entries[key].start)))
                    guard keyBits & keyBit == 0 || !repeats(key, in: at, entries) else { return false }
                    keyBits |= keyBit
                    skipWhitespace()
                    guard index < count, bytes[index] == 0x3A else { return false }
                    index += 1
                    skipWhitespace()
                    guard value(depth: depth + 1, into: &entries) else { return false }
                    members += 1
                    guard members <= JSONTape.maximumMembers else { return false }
                    skipWhitespace()
                    guard index < count else { return false }
                    if bytes[index] == 0x2C {
                        index += 1
                        continue
                    }
                    guard bytes[index] == 0x7D else { return false }
                    index += 1
                    break
                }
            }
            entries[at].end = Int32(index)
            entries[at].next = Int32(entries.count)
            entries[at].count = members
            entries[at].keyBits = keyBits
            return true
        }

        /// Whether the key at `key` is one of the keys before it in the object at `object`.
        private func repeats(_ key: Int, in object: Int, _ entries: [Entry]) -> Bool {
            let name = entries[key]
            let length = Int(name.end - name.start)
            var position = object + 1
            while position < key {
                let other = entries[position]
                if Int(other.end - other.start) == length, JSONTape.same(bytes + Int(other.start), bytes + Int(name.start), length) {
                    return true
                }
                position = Int(entries[position + 1].next)
            }
            return false
        }

        private mutating func array(depth: Int, into entries: inout [Entry]) -> Bool {
            let at = entries.count
            entries.append(Entry(kind: .array, flag: false, start: Int32(index), end: 0, next: 0, count: 0))
            index += 1
            skipWhitespace()
            var elements: Int32 = 0
            if index < count, bytes[index] == 0x5D {
                index += 1
            } else {
                while true {
                    skipWhitespace()
                    guard value(depth: depth + 1, into: &entries) else { return false }
                    elements += 1
                    skipWhitespace()
                    guard index < count else { return false }
                    if bytes[index] == 0x2C {
                        index += 1
                        continue
                    }
                    guard bytes[index] == 0x5D else { return false }
                    index += 1
                    break
                }
            }
            entries[at].end = Int32(index)
            entries[at].next = Int32(entries.count)
            entries[at].count = elements
            return true
        }

        /// A string; a key must be plain ASCII without escapes (so that equal keys have equal bytes).
        private mutating func string(into entries: inout [Entry], isKey: Bool) -> Bool {
            index += 1
            let start = index
            // Every byte passed over, or-ed together: whether any is not ASCII.
            var high: UInt64 = 0
            var escaped = false
            while index < count {
                // Eight bytes at a time up to the first quote, backslash or control byte.
                while index + 8 <= count {
                    let word = ByteWords.word(at: bytes + index)
                    let stops = ByteWords.zeroBytes(word ^ ByteWords.every(0x22)) | ByteWords.zeroBytes(word ^ ByteWords.every(0x5C))
                        | ByteWords.bytes(of: word, below: 0x20)
                    if stops != 0 {
                        let passed = ByteWords.firstFlagged(stops)
                        high |= word & ((1 << UInt64(passed * 8)) &- 1)
                        index += passed
                        break
                    }
                    high |= word
                    index += 8
                }
                guard index < count else { break }
                let byte = bytes[index]
                if byte == 0x22 { break }
                if byte < 0x20 { return false }
                if byte == 0x5C {
                    guard !isKey, escape() else { return false }
                    escaped = true
                    continue
                }
                high |= UInt64(byte)
                index += 1
            }
            guard index < count else { return false }
            if high & 0x8080_8080_8080_8080 != 0 {
                guard !isKey, UTF8Validation.isValid(UnsafeBufferPointer(start: bytes + start, count: index - start)) else { return false }
            }
            entries.append(Entry(
                kind: .string, flag: escaped, start: Int32(start), end: Int32(index), next: Int32(entries.count + 1), count: 0))
            index += 1
            return true
        }

        /// Steps over one escape (at its backslash); false for one the parser refuses or would note (a lone
        /// surrogate).
        private mutating func escape() -> Bool {
            guard index + 1 < count else { return false }
            switch bytes[index + 1] {
            case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
                index += 2
                return true
            case 0x75:
                guard let scalar = hex4(at: index + 2) else { return false }
                switch scalar {
                case 0xD800...0xDBFF:
                    guard index + 7 < count, bytes[index + 6] == 0x5C, bytes[index + 7] == 0x75,
                          let low = hex4(at: index + 8), (0xDC00...0xDFFF).contains(low)
                    else { return false }
                    index += 12
                    return true
                case 0xDC00...0xDFFF:
                    return false
                default:
                    index += 6
                    return true
                }
            default:
                return false
            }
        }

        private func hex4(at start: Int) -> UInt32? {
            JSONParser.hex4(UnsafeBufferPointer(start: bytes, count: count), at: start)
        }

        private mutating func number(into entries: inout [Entry]) -> Bool {
            let start = index
            if bytes[index] == 0x2D { index += 1 }
            let first = index
            guard digits() else { return false }
            // A leading zero stands alone.
            if bytes[first] == 0x30, index - first > 1 { return false }
            if index < count, bytes[index] == 0x2E {
                index += 1
                guard digits() else { return false }
            }
            if index < count, bytes[index] | 0x20 == 0x65 {
                index += 1
                if index < count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
                guard digits() else { return false }
            }
            entries.append(Entry(kind: .number, flag: false, start: Int32(start), end: Int32(index), next: Int32(entries.count + 1), count: 0))
            return true
        }

        /// Steps over one or more digits; false when there is none.
        private mutating func digits() -> Bool {
            let start = index
            while index < count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index > start
        }

        private mutating func word(_ word: StaticString, _ kind: Kind, _ flag: Bool, into entries: inout [Entry]) -> Bool {
            let length = word.utf8CodeUnitCount
            guard index + length <= count, JSONTape.same(bytes + index, word.utf8Start, length) else { return false }
            entries.append(Entry(kind: kind, flag: flag, start: Int32(index), end: Int32(index + length), next: Int32(entries.count + 1), count: 0))
            index += length
            return true
        }
    }
}
