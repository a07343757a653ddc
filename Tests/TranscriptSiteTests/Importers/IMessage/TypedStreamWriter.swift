import Foundation

/// Writes typedstream bytes for the tests, from the format's public description (dgelessus's
/// python-typedstream, `stream.py`'s notes on heads, tags and reference numbers; `archiver.py`'s order of
/// object numbers; and the attributedBody notes of ReagentX/imessage-exporter): the header, groups introduced
/// by their type encoding as a shared string (new: 0x84, length, bytes; known: 0x92 + its number), objects
/// (0x84, the class chain of new classes, each 0x84 + name as a shared string + version, ending in nil 0x85 or
/// a known class's number, then the groups, then 0x86). Objects, classes and C strings share one numbering,
/// in order of appearance; an object is numbered before its classes.
///
/// `TypedStreamTests.writerMatchesHandWrittenBytes` checks it against bytes written out one by one.
struct TypedStreamWriter {
    private(set) var bytes: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03]
    private var shared: [String] = []
    private var classes: [String: Int] = [:]
    private var objectCount = 0

    /// An integer: one byte unless it falls among the tags (-128...-111) or beyond a byte, then 0x81 and two
    /// little-endian bytes, or 0x82 and four.
    mutating func integer(_ value: Int) {
        if (-110...127).contains(value) {
            bytes.append(UInt8(bitPattern: Int8(value)))
        } else if (-32768...32767).contains(value) {
            bytes.append(0x81)
            bytes += withUnsafeBytes(of: Int16(value).littleEndian, Array.init)
        } else {
            bytes.append(0x82)
            bytes += withUnsafeBytes(of: Int32(value).littleEndian, Array.init)
        }
    }

    /// A reference number: the first is -110 (0x92).
    private mutating func reference(_ number: Int) { integer(number - 110) }

    mutating func sharedString(_ text: String) {
        if let index = shared.firstIndex(of: text) {
            reference(index)
        } else {
            shared.append(text)
            bytes.append(0x84)
            integer(text.utf8.count)
            bytes += Array(text.utf8)
        }
    }

    /// The start of a group of values of the types in `encoding`.
    mutating func group(_ encoding: String) { sharedString(encoding) }

    /// A new object of the class chain `chain` (name and version, subclass first); returns its number.
    @discardableResult
    mutating func beginObject(_ chain: [(String, Int)]) -> Int {
        bytes.append(0x84)
        let number = objectCount
        objectCount += 1
        for (name, version) in chain {
            if let known = classes[name] {
                reference(known)
                return number
            }
            bytes.append(0x84)
            sharedString(name)
            integer(version)
            classes[name] = objectCount
            objectCount += 1
        }
        bytes.append(0x85)
        return number
    }

    mutating func endObject() { bytes.append(0x86) }

    /// A reference to the object numbered `number`.
    mutating func objectReference(_ number: Int) { reference(number) }

    /// `@` and a new NSString object.
    @discardableResult
    mutating func string(_ text: String) -> Int {
        group("@")
        let number = beginObject([("NSString", 1), ("NSObject", 0)])
        group("+")
        integer(text.utf8.count)
        bytes += Array(text.utf8)
        endObject()
        return number
    }

    /// `@` and a new NSNumber of type `q`.
    mutating func number(_ value: Int) {
        group("@")
        beginObject([("NSNumber", 0), ("NSValue", 0), ("NSObject", 0)])
        group("*")
        // A C string: new (0x84), then its text as a shared string; it is numbered like an object.
        bytes.append(0x84)
        sharedString("q")
        objectCount += 1
        group("q")
        integer(value)
        endObject()
    }

    /// `@` and a new NSURL: a `c` flag (no base URL), then its address as an NSString.
    mutating func url(_ address: String) {
        group("@")
        beginObject([("NSURL", 0), ("NSObject", 0)])
        group("c")
        bytes.append(0)
        string(address)
        endObject()
    }

    /// An NSAttributedString of `runs` (text and attributes), as macOS archives a message's attributedBody:
    /// the string, then per run an `iI` group (the attributes' number, the UTF-16 length) and, for a number's
    /// first run, its NSDictionary.
    static func attributedString(_ runs: [(text: String, attributes: [(String, Value)])]) -> [UInt8] {
        var writer = TypedStreamWriter()
        writer.group("@")
        writer.beginObject([("NSAttributedString", 0), ("NSObject", 0)])
        writer.string(runs.map(\.text).joined())
        var numbers: [String: Int] = [:]
        for run in runs {
            let key = run.attributes.map { "\($0.0)=\($0.1)" }.joined(separator: "|")
            let known = numbers[key]
            let number = known ?? numbers.count + 1
            numbers[key] = number
            writer.group("iI")
            writer.integer(number)
            writer.integer(run.text.utf16.count)
            guard known == nil else { continue }
            writer.group("@")
            writer.beginObject([("NSDictionary", 0), ("NSObject", 0)])
            writer.group("i")
            writer.integer(run.attributes.count)
            for (name, value) in run.attributes {
                writer.string(name)
                switch value {
                case .text(let text): writer.string(text)
                case .number(let number): writer.number(number)
                case .url(let address): writer.url(address)
                }
            }
            writer.endObject()
        }
        writer.endObject()
        return writer.bytes
    }

    enum Value: CustomStringConvertible {
        case text(String)
        case number(Int)
        case url(String)

        var description: String {
            switch self {
            case .text(let text): "t:" + text
            case .number(let number): "n:\(number)"
            case .url(let url): "u:" + url
            }
        }
    }
}
