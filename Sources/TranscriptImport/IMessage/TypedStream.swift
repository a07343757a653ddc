/// A value read from an NSArchiver *typedstream*.
package indirect enum TypedStreamValue: Sendable, Equatable {
    case integer(Int64)
    case double(Double)
    /// A C string (`*`), an unshared string (`+`), an atom (`%`) or a selector (`:`): bytes, usually UTF-8.
    case string([UInt8])
    /// A byte array (`[Nc]`).
    case bytes([UInt8])
    /// A class (`#`), by its name and its superclasses' names.
    case classChain([String])
    case object(TypedStreamObject)
    /// An array or a struct's fields.
    case list([TypedStreamValue])
    case null

    /// The object, if this is one.
    package var object: TypedStreamObject? {
        if case .object(let object) = self { return object }
        return nil
    }
}

/// An object of a typedstream: its class (and superclasses), and the groups of values its `encodeWithCoder:`
/// wrote, each group as one `encodeValuesOfObjCTypes:` call wrote it.
package struct TypedStreamObject: Sendable, Equatable {
    /// The class name, then its superclasses' (`NSMutableString`, `NSString`, `NSObject`).
    package var classes: [String]
    package var groups: [[TypedStreamValue]]

    package var className: String { classes.first ?? "" }

    /// Whether the object's class or one of its superclasses is `name`.
    package func isKind(of name: String) -> Bool { classes.contains(name) }
}

/// Why a typedstream could not be read, and where.
package struct TypedStreamError: Error, Sendable, CustomStringConvertible {
    package var offset: Int
    package var reason: String
    package var description: String { "\(reason) at byte \(offset)" }
}

/// Reads the typedstream format of `NSArchiver` (what macOS writes into `message.attributedBody`), written from
/// its public descriptions (see docs/formats/imessage.md: dgelessus's python-typedstream and the typedstream
/// notes of imessage-exporter); no Apple code runs here.
///
/// The layout: a header (streamer version 4, the 11-byte signature `streamtyped` for little-endian or
/// `typedstream` for big-endian data, the system version as an integer, 1000), then groups of values, each
/// introduced by its Objective-C type encoding (`@`, `iI`, `+`, …) as a *shared string*. One head byte starts
/// each item: -127 (0x81) and -126 (0x82) announce a 2- and 4-byte integer, -125 (0x83) a float or double,
/// -124 (0x84) a new string, class or object, -123 (0x85) nil, -122 (0x86) the end of an object; any other
/// byte is a small integer, or, where a reference may stand, a reference number (from -110, 0x92, up) into the
/// table of shared strings or into the table of objects, classes and C strings, numbered in order of
/// appearance. A new object is numbered before its class chain (each class is numbered too, and ends in nil or
/// a reference to a known class), then come its groups of values up to the end tag.
package struct TypedStreamReader {
    private let bytes: [UInt8]
    private var offset = 0
    private var bigEndian = false
    private var sharedStrings: [[UInt8]] = []
    private var table: [Entry] = []
    private var depth = 0

    private enum Entry {
        case pendingObject
        case object(TypedStreamObject)
        case classChain([String])
        case cString([UInt8])
    }

    private static let tagInteger2: Int8 = -127
    private static let tagInteger4: Int8 = -126
    private static let tagFloat: Int8 = -125
    private static let tagNew: Int8 = -124
    private static let tagNil: Int8 = -123
    private static let tagEndOfObject: Int8 = -122
    private static let tagRange: ClosedRange<Int8> = -128 ... -111
    private static let firstReference: Int64 = -110
    private static let maximumDepth = 64

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// The groups of values at the top of the stream (an archived root object is one group holding it).
    package static func read(_ bytes: [UInt8]) throws -> [[TypedStreamValue]] {
        var reader = TypedStreamReader(bytes: bytes)
        try reader.readHeader()
        var groups: [[TypedStreamValue]] = []
        while reader.offset < bytes.count {
            groups.append(try reader.readGroup(head: try reader.head()))
        }
        return groups
    }

    // MARK: Primitives

    private func fail(_ reason: String) -> TypedStreamError { TypedStreamError(offset: offset, reason: reason) }

    private mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - offset else { throw fail("the data ends early") }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    private mutating func head() throws -> Int8 { Int8(bitPattern: try take(1).first!) }

    private mutating func fixedInteger(_ count: Int, signed: Bool) throws -> Int64 {
        let slice = try take(count)
        var value: UInt64 = 0
        for (position, byte) in (bigEndian ? Array(slice.reversed()) : Array(slice)).enumerated() {
            value |= UInt64(byte) << (8 * UInt64(position))
        }
        guard signed, count < 8, value & (1 << (8 * UInt64(count) - 1)) != 0 else { return Int64(bitPattern: value) }
        return Int64(bitPattern: value | ~((1 << (8 * UInt64(count))) - 1))
    }

    private mutating func integer(head given: Int8? = nil, signed: Bool) throws -> Int64 {
        let head = try given ?? self.head()
        switch head {
        case Self.tagInteger2: return try fixedInteger(2, signed: signed)
        case Self.tagInteger4: return try fixedInteger(4, signed: signed)
        case Self.tagRange: throw fail("expected an integer, found the tag \(head)")
        default: return signed ? Int64(head) : Int64(UInt8(bitPattern: head))
        }
    }

    private mutating func readHeader() throws {
        let version = try take(1).first!
        guard version == 4 else { throw TypedStreamError(offset: 0, reason: "not a typedstream of version 4 (it starts with byte \(version))") }
        let length = Int(try take(1).first!)
        let signature = Array(try take(length))
        switch String(decoding: signature, as: UTF8.self) {
        case "streamtyped": bigEndian = false
        case "typedstream": bigEndian = true
        default: throw fail("not a typedstream (no streamtyped signature)")
        }
        _ = try integer(signed: false)
    }

    // MARK: Strings, classes, objects

    private mutating func unsharedString(head given: Int8? = nil) throws -> [UInt8]? {
        let head = try given ?? self.head()
        if head == Self.tagNil { return nil }
        let length = try integer(head: head, signed: false)
        guard length <= Int64(bytes.count) else { throw fail("a string is longer than the data") }
        return Array(try take(Int(length)))
    }

    private mutating func sharedString(head given: Int8? = nil) throws -> [UInt8]? {
        let head = try given ?? self.head()
        if head == Self.tagNil { return nil }
        if head == Self.tagNew {
            guard let string = try unsharedString() else { throw fail("a new shared string is nil") }
            sharedStrings.append(string)
            return string
        }
        let number = try integer(head: head, signed: true) - Self.firstReference
        guard number >= 0, number < sharedStrings.count else { throw fail("a reference to shared string \(number), which does not exist") }
        return sharedStrings[Int(number)]
    }

    private mutating func reference(head: Int8) throws -> Entry {
        let number = try integer(head: head, signed: true) - Self.firstReference
        guard number >= 0, number < table.count else { throw fail("a reference to object \(number), which does not exist") }
        return table[Int(number)]
    }

    private mutating func cString(head given: Int8? = nil) throws -> TypedStreamValue {
        let head = try given ?? self.head()
        if head == Self.tagNil { return .null }
        if head == Self.tagNew {
            guard let string = try sharedString() else { throw fail("a new C string is nil") }
            table.append(.cString(string))
            return .string(string)
        }
        guard case .cString(let string) = try reference(head: head) else { throw fail("a C string refers to something else") }
        return .string(string)
    }

    /// A class chain: each new class (name, version) is numbered, up to nil or a known class.
    private mutating func classChain(head given: Int8? = nil) throws -> [String] {
        var head = try given ?? self.head()
        var names: [String] = []
        var added: [Int] = []
        while head == Self.tagNew {
            guard let name = try sharedString() else { throw fail("a class without a name") }
            _ = try integer(signed: true)
            names.append(String(decoding: name, as: UTF8.self))
            added.append(table.count)
            table.append(.classChain([]))
            head = try self.head()
        }
        if head != Self.tagNil {
            guard case .classChain(let known) = try reference(head: head) else { throw fail("a class refers to something else") }
            names += known
        }
        for (position, index) in added.enumerated() { table[index] = .classChain(Array(names[position...])) }
        return names
    }

    private mutating func object(head given: Int8? = nil) throws -> TypedStreamValue {
        let head = try given ?? self.head()
        if head == Self.tagNil { return .null }
        guard head == Self.tagNew else {
            switch try reference(head: head) {
            case .object(let object): return .object(object)
            case .pendingObject: throw fail("an object refers to an object that contains it")
            default: throw fail("an object refers to something else")
            }
        }
        guard depth < Self.maximumDepth else { throw fail("objects nested more than \(Self.maximumDepth) deep") }
        depth += 1
        defer { depth -= 1 }
        let index = table.count
        table.append(.pendingObject)
        var object = TypedStreamObject(classes: try classChain(), groups: [])
        var next = try self.head()
        while next != Self.tagEndOfObject {
            object.groups.append(try readGroup(head: next))
            next = try self.head()
        }
        table[index] = .object(object)
        return .object(object)
    }

    // MARK: Typed values

    /// A group: its type encoding, then one value per type in it.
    private mutating func readGroup(head: Int8) throws -> [TypedStreamValue] {
        guard let encoding = try sharedString(head: head) else { throw fail("a group of values without a type") }
        var types = TypeEncoding(encoding)
        var values: [TypedStreamValue] = []
        while let type = try types.next() { values.append(try value(of: type)) }
        return values
    }

    private mutating func value(of type: TypeEncoding.Element) throws -> TypedStreamValue {
        switch type {
        case .simple(let code):
            switch code {
            case UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "B"):
                let byte = try take(1).first!
                return .integer(code == UInt8(ascii: "c") ? Int64(Int8(bitPattern: byte)) : Int64(byte))
            case UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "q"):
                return .integer(try integer(signed: true))
            case UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "Q"):
                return .integer(try integer(signed: false))
            case UInt8(ascii: "f"), UInt8(ascii: "d"):
                let head = try self.head()
                guard head == Self.tagFloat else { return .double(Double(try integer(head: head, signed: true))) }
                let raw = try fixedInteger(code == UInt8(ascii: "f") ? 4 : 8, signed: false)
                // The bits as they are: a negative number's sign bit makes `raw` negative.
                let bits = UInt64(bitPattern: raw)
                return .double(code == UInt8(ascii: "f") ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits))
            case UInt8(ascii: "*"): return try cString()
            case UInt8(ascii: "+"): return try unsharedString().map { .string($0) } ?? .null
            case UInt8(ascii: "%"), UInt8(ascii: ":"): return try sharedString().map { .string($0) } ?? .null
            case UInt8(ascii: "#"): return .classChain(try classChain())
            case UInt8(ascii: "@"): return try object()
            case UInt8(ascii: "!"): return .null
            default: throw fail("the type \"\(Character(UnicodeScalar(code)))\" cannot be read")
            }
        case .array(let count, let element):
            if case .simple(let code) = element, code == UInt8(ascii: "c") || code == UInt8(ascii: "C") {
                return .bytes(Array(try take(count)))
            }
            return .list(try (0..<count).map { _ in try value(of: element) })
        case .structure(let fields):
            return .list(try fields.map { try value(of: $0) })
        }
    }
}

/// The types of an Objective-C type encoding (`iI`, `@`, `[4c]`, `{_NSRange=QQ}`), one at a time.
struct TypeEncoding {
    indirect enum Element: Sendable {
        case simple(UInt8)
        case array(Int, Element)
        case structure([Element])
    }

    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() throws -> Element? {
        // Qualifiers (const, in, out, bycopy, ...) say nothing about the bytes.
        while offset < bytes.count, "rnNoORV".utf8.contains(bytes[offset]) { offset += 1 }
        guard offset < bytes.count else { return nil }
        let code = bytes[offset]
        offset += 1
        switch code {
        case UInt8(ascii: "["):
            var count = 0
            while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39, count < 1 << 24 {
                count = count * 10 + Int(bytes[offset] - 0x30)
                offset += 1
            }
            guard let element = try next(), offset < bytes.count, bytes[offset] == UInt8(ascii: "]") else { throw malformed }
            offset += 1
            return .array(count, element)
        case UInt8(ascii: "{"):
            // `{name=fields}`: the name is skipped.
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "="), bytes[offset] != UInt8(ascii: "}") { offset += 1 }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "=") { offset += 1 }
            var fields: [Element] = []
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "}") {
                guard let field = try next() else { break }
                fields.append(field)
            }
            guard offset < bytes.count else { throw malformed }
            offset += 1
            return .structure(fields)
        default:
            return .simple(code)
        }
    }

    private var malformed: TypedStreamError {
        TypedStreamError(offset: 0, reason: "the type encoding \"\(String(decoding: bytes, as: UTF8.self))\" is malformed")
    }
}
