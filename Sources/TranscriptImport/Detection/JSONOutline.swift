import TranscriptJSON
import TranscriptModel

/// The shape of a JSON file near its top, for telling formats apart by structure: the keys of the top-level
/// object with a summary of each value, the keys of the objects in them, and the first element of each list,
/// three levels deep. What strings hold is never searched: a message whose text is HTML, JSON or another
/// format's key names, or a 100 KB title, does not change the outline, and neither does the length of a string.
///
/// Reading stops at the end of the top-level value, where the file is not well-formed (cut short or garbled:
/// `isBroken`), or where a list or object would take more than `budget` bytes to skip (the list of messages of
/// a big export, whose first element is all detection needs). So an outline costs at most about `budget` bytes
/// of scanning beyond the strings it steps over, whatever the file's size.
struct JSONOutline {
    /// A value as the outline saw it.
    indirect enum Value {
        /// An object: its members in file order, as far as they were read (`complete` when to its end).
        case object(members: [(key: String, value: Value)], complete: Bool)
        /// A list: its first element (nil for an empty list, or one not read), and whether it was read to its end.
        case array(first: Value?, complete: Bool)
        /// A string, with its text when it is short (nil for longer ones).
        case string(String?)
        case number
        case bool
        case null
        /// Deeper than the outline reads, or where reading stopped.
        case unread

        /// The member `key` of an object.
        subscript(key: String) -> Value? {
            guard case .object(let members, _) = self else { return nil }
            return members.first { $0.key == key }?.value
        }

        /// The keys of an object as far as they were read (empty for anything else).
        var keys: [String] {
            guard case .object(let members, _) = self else { return [] }
            return members.map(\.key)
        }

        /// The first element of a list.
        var first: Value? {
            guard case .array(let first, _) = self else { return nil }
            return first
        }

        var isObject: Bool { if case .object = self { true } else { false } }
        var isArray: Bool { if case .array = self { true } else { false } }

        /// The text of a short string.
        var text: String? {
            guard case .string(let text) = self else { return nil }
            return text
        }

        /// Whether an object or list was read to its end.
        var isComplete: Bool {
            switch self {
            case .object(_, let complete), .array(_, let complete): complete
            case .unread: false
            default: true
            }
        }
    }

    /// The top-level value; nil for a file with no JSON value at all (empty, or not starting like one).
    var root: Value?
    /// Whether reading stopped where the file is not well-formed: it is cut short or garbled there.
    var isBroken = false

    /// Strings up to this many bytes are kept (type names, format markers); longer ones only as strings.
    static let shortString = 256
    /// How deep values are outlined: the top-level object, its members, their members and first elements.
    static let depth = 3

    /// The outline of `bytes` (a UTF-8 byte-order mark and white space before the value are skipped).
    init(_ bytes: UnsafeBufferPointer<UInt8>, budget: Int = 4 << 20) {
        var reader = Reader(bytes: bytes, budget: budget)
        var start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        start = reader.scanner.skipWhitespace(start)
        guard start < bytes.count, [0x7B, 0x5B, 0x22].contains(bytes[start]) else { return }
        var index = start
        root = reader.value(at: &index, depth: 0)
        isBroken = reader.isBroken
    }

    /// Reads values, counting what skipping costs.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let scanner: JSONScanner
        var budget: Int
        /// Set when the bytes are not well-formed where reading stopped.
        var isBroken = false
        /// Set when reading stopped (broken, or over the budget): nothing after that place is read.
        var stopped = false

        init(bytes: UnsafeBufferPointer<UInt8>, budget: Int) {
            self.bytes = bytes
            self.budget = budget
            scanner = JSONScanner(bytes: bytes)
        }

        /// The value at `index` (after white space), leaving `index` after it.
        mutating func value(at index: inout Int, depth: Int) -> Value {
            index = scanner.skipWhitespace(index)
            guard index < bytes.count else { return stop(broken: true) }
            switch bytes[index] {
            case 0x7B: return depth < JSONOutline.depth ? object(at: &index, depth: depth) : skip(at: &index)
            case 0x5B: return depth < JSONOutline.depth ? array(at: &index, depth: depth) : skip(at: &index)
            case 0x22:
                guard let end = scanner.endOfValue(at: index) else { return stop(broken: true) }
                defer { index = end }
                guard end - index <= JSONOutline.shortString + 2,
                      case .string(let text)? = try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                else { return .string(nil) }
                return .string(text)
            default:
                guard let end = scanner.endOfValue(at: index), end > index else { return stop(broken: true) }
                let first = bytes[index]
                index = end
                switch first {
                case 0x74, 0x66: return .bool
                case 0x6E: return .null
                case 0x2D, 0x30...0x39: return .number
                default: return stop(broken: true)
                }
            }
        }

        private mutating func object(at index: inout Int, depth: Int) -> Value {
            var members: [(key: String, value: Value)] = []
            index += 1
            while true {
                index = scanner.skipWhitespace(index)
                guard index < bytes.count else {
                    _ = stop(broken: true)
                    return .object(members: members, complete: false)
                }
                if bytes[index] == 0x7D, members.isEmpty {
                    index += 1
                    return .object(members: members, complete: true)
                }
                guard bytes[index] == 0x22, let keyEnd = scanner.endOfValue(at: index),
                      case .string(let key)? = try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[index..<keyEnd]))
                else {
                    _ = stop(broken: true)
                    return .object(members: members, complete: false)
                }
                index = scanner.skipWhitespace(keyEnd)
                guard index < bytes.count, bytes[index] == 0x3A else {
                    _ = stop(broken: true)
                    return .object(members: members + [(key, .unread)], complete: false)
                }
                index += 1
                let value = value(at: &index, depth: depth + 1)
                members.append((key, value))
                if members.count >= 1000 { stopped = true }
                guard !stopped else { return .object(members: members, complete: false) }
                index = scanner.skipWhitespace(index)
                guard index < bytes.count else {
                    _ = stop(broken: true)
                    return .object(members: members, complete: false)
                }
                if bytes[index] == 0x2C {
                    index += 1
                } else if bytes[index] == 0x7D {
                    index += 1
                    return .object(members: members, complete: true)
                } else {
                    _ = stop(broken: true)
                    return .object(members: members, complete: false)
                }
            }
        }

        /// A list: its first element outlined, the rest skipped (within the budget).
        private mutating func array(at index: inout Int, depth: Int) -> Value {
            let start = index
            var position = scanner.skipWhitespace(index + 1)
            guard position < bytes.count else {
                _ = stop(broken: true)
                return .array(first: nil, complete: false)
            }
            if bytes[position] == 0x5D {
                index = position + 1
                return .array(first: nil, complete: true)
            }
            let first = value(at: &position, depth: depth + 1)
            guard !stopped else { return .array(first: first, complete: false) }
            guard case .skipped = skip(at: &index, from: start) else { return .array(first: first, complete: false) }
            return .array(first: first, complete: true)
        }

        private enum Skip { case skipped, stopped }

        /// Steps over the object or list at `index` within the budget; `.unread` either way (stopping when it
        /// is too big or not well-formed).
        private mutating func skip(at index: inout Int) -> Value {
            _ = skip(at: &index, from: index)
            return .unread
        }

        private mutating func skip(at index: inout Int, from start: Int) -> Skip {
            let windowEnd = min(bytes.count, start + max(budget, 0))
            let window = JSONScanner(bytes: UnsafeBufferPointer(rebasing: bytes[0..<windowEnd]))
            guard let end = window.endOfValue(at: start) else {
                _ = stop(broken: windowEnd == bytes.count)
                return .stopped
            }
            budget -= end - start
            index = end
            return .skipped
        }

        private mutating func stop(broken: Bool) -> Value {
            stopped = true
            if broken { isBroken = true }
            return .unread
        }
    }
}
