import CByteMasks
import TranscriptSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the byte ranges of JSON values without building them, so a big document can be read one part at a
/// time (each chat of a Telegram account export, for example) with `JSONParser`.
package struct JSONScanner {
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The mapped file `bytes` are, when the scan should hand back the pages it has passed (a scan of a big
    /// document then keeps a few megabytes of it in memory, not the document).
    package let file: MappedFile?
    /// How far a scan goes between two releases of the pages behind it (4 MiB unless a test says otherwise). A
    /// long list is scanned in a few parts at once, each of which holds up to this much.
    let releaseStride: Int
    /// From how many bytes on a list is scanned in parts on all cores (`elements(ofArrayAt:)`; 8 MiB unless a
    /// test says otherwise).
    let parallelFrom: Int

    package init(
        bytes: UnsafeBufferPointer<UInt8>, releasingPagesOf file: MappedFile? = nil, every releaseStride: Int = 4 << 20,
        parallelFrom: Int = 8 << 20
    ) {
        self.bytes = bytes
        self.file = file
        self.releaseStride = releaseStride
        self.parallelFrom = parallelFrom
    }

    /// Releases the pages between `mark` and `index` once the scan has gone `releaseStride` past `mark`.
    @inline(__always)
    func releaseBehind(_ index: Int, _ mark: inout Int) {
        // The distance first: unwrapping `file` retains it, and this runs for every 64 bytes a scan reads.
        guard index &- mark >= releaseStride, let file else { return }
        file.release(mark..<index)
        mark = index
    }

    /// Releases the pages between `mark` and `index`, where a scan that released pages behind it ends (the last
    /// stride it read would otherwise stay, a stride for each part of a list scanned in parts).
    func releaseRest(_ index: Int, _ mark: Int) {
        guard let file, index > mark else { return }
        file.release(mark..<min(index, bytes.count))
    }

    /// The end (one past the last byte) of the value starting at `start` (after whitespace), or nil when the
    /// value is malformed or cut short (the parser then reports where).
    package func endOfValue(at start: Int) -> Int? {
        var index = skipWhitespace(start)
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case 0x22: return endOfString(at: index)
        case 0x7B, 0x5B: return endOfContainer(at: index)
        default:
            scan: while index < bytes.count {
                switch bytes[index] {
                case 0x2C, 0x7D, 0x5D, 0x20, 0x0A, 0x0D, 0x09: break scan
                default: index += 1
                }
            }
            return index
        }
    }

    private func endOfString(at start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = start + 1
        let count = bytes.count
        while index < count {
            // The next quote (in the first words of a string a word at a time, as most strings are short; then
            // by memchr, which looks at many bytes at a time); it ends the string unless an odd number of
            // backslashes comes right before it.
            let quote: Int
            if let near = nearQuote(from: index) {
                guard near < count else { return nil }
                quote = near
            } else {
                guard let found = memchr(base + index + Self.nearBytes, 0x22, count - index - Self.nearBytes) else { return nil }
                quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            var backslashes = 0
            while quote - backslashes - 1 > start, base[quote - backslashes - 1] == 0x5C { backslashes += 1 }
            if backslashes % 2 == 0 { return quote + 1 }
            index = quote + 1
        }
        return nil
    }

    /// How many bytes `nearQuote` looks at.
    private static let nearBytes = 32

    /// The first quote among the `nearBytes` bytes from `start`; nil when none of them is one. When fewer bytes
    /// are left, the first quote among them, or `bytes.count` when there is none.
    @inline(__always)
    private func nearQuote(from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = start
        let end = start + Self.nearBytes
        guard end <= count else {
            while index < count {
                if base[index] == 0x22 { return index }
                index += 1
            }
            return count
        }
        while index < end {
            let word = ByteWords.word(at: base + index)
            let quotes = ByteWords.zeroBytes(word ^ ByteWords.every(0x22))
            if quotes != 0 { return index + ByteWords.firstFlagged(quotes) }
            index += 8
        }
        return nil
    }

    /// One past the bracket that closes the object or list whose opening bracket is at `open`, or nil when the
    /// bytes end first: 64 bytes at a time, each block's quotes, backslashes and brackets found at once
    /// (`transcripts_json_block_masks`) and followed by `JSONBlockState`.
    private func endOfContainer(at open: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var state = JSONBlockState()
        var index = open
        var released = open
        while index + 64 <= count {
            if let place = state.advance(transcripts_json_block_masks(base + index)) { return index + place + 1 }
            index += 64
            releaseBehind(index, &released)
        }
        guard index < count else { return nil }
        // The last bytes, fewer than 64, followed by zeros (which are none of the bytes looked for).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { block in
            block.initialize(repeating: 0)
            block.baseAddress!.update(from: base + index, count: count - index)
            return state.advance(transcripts_json_block_masks(block.baseAddress!)).map { index + $0 + 1 }
        }
    }

    package func skipWhitespace(_ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }

    /// The members of the object at `start`: each key with its value's range. Nil when it is not an object.
    package func members(ofObjectAt start: Int) -> [(key: String, value: Range<Int>)]? {
        outline(ofObjectAt: start, descending: []).flatMap { $0.members?.map { ($0.key, $0.value.range) } }
    }

    /// The ranges of the elements of the array at `start`. Nil when it is not an array. A long array is scanned
    /// in parts on all cores (see `elementsInParts`); `limit`, when known, is where the array ends at the latest.
    package func elements(ofArrayAt start: Int, before limit: Int? = nil) -> [Range<Int>]? {
        let open = skipWhitespace(start)
        guard open < bytes.count, bytes[open] == 0x5B else { return nil }
        let limit = min(limit ?? bytes.count, bytes.count)
        if limit - open >= parallelFrom, let elements = elementsInParts(ofArrayAt: open, before: limit) { return elements }
        return scanElements(from: open + 1, first: true, stoppingAt: nil)?.elements
    }

    /// The elements from `start` on to the end of their array: right after its `[` (`first`), or where an element
    /// starts. With `stop`, the scan ends early when an element starts exactly there (`reachedStop`); once past
    /// it, it goes on to the end. Nil when the array is malformed or cut short.
    func scanElements(from start: Int, first: Bool, stoppingAt stop: Int?) -> (elements: [Range<Int>], reachedStop: Bool)? {
        var index = start
        var stop = stop
        var result: [Range<Int>] = []
        var released = index
        defer { releaseRest(index, released) }
        while true {
            releaseBehind(index, &released)
            index = skipWhitespace(index)
            guard index < bytes.count else { return nil }
            // `[]`; after a comma a value must follow, as in JSON.
            if bytes[index] == 0x5D, result.isEmpty, first { return (result, false) }
            if let end = stop, index >= end {
                if index == end { return (result, true) }
                stop = nil
            }
            guard let end = endOfValue(at: index) else { return nil }
            result.append(index..<end)
            index = skipWhitespace(end)
            guard index < bytes.count else { return nil }
            if bytes[index] == 0x2C { index += 1; continue }
            if bytes[index] == 0x5D { return (result, false) }
            return nil
        }
    }

    /// A value's place and, for an object or a list the walk went into, its members or elements.
    package struct Outline: Sendable {
        /// The value's bytes.
        package var range: Range<Int>
        /// The members of an object the walk went into (each key with its value's outline), in order.
        package var members: [(key: String, value: Outline)]?
        /// The elements of a list the walk went into, in order.
        package var elements: [Range<Int>]?

        /// The outline of the member `key`, when the walk went into this object and it has one.
        package func member(_ key: String) -> Outline? {
            members?.first { $0.key == key }?.value
        }
    }

    /// The outline of the object at `start` in one walk over its bytes: its members, and the members (or
    /// elements) of the values of those named in `descending`, and so on down (a member of the same name at any
    /// depth is gone into). A Telegram account export gives its chats in one walk, where finding the members,
    /// then the chats' object, then its list would walk over every chat three times. Nil when it is not an
    /// object or is malformed (the parser then says where).
    package func outline(ofObjectAt start: Int, descending: Set<String>) -> Outline? {
        var ignored: InvalidUTF8?
        return outline(ofObjectAt: start, descending: descending, invalidUTF8: &ignored)
    }

    /// `outline(ofObjectAt:descending:)`, noting in `invalidUTF8` the keys it read that held text that is not
    /// Unicode (bytes that are not UTF-8, escapes of lone surrogates), as `JSONParser` notes values: placed in
    /// `bytes`, in the document from `start` to the end of the bytes. The keys are decoded anyway, so noting
    /// them costs a well-formed document nothing.
    /// `limit`, when known, is where the object ends at the latest (the lists in it are then scanned on all cores
    /// when long, in parts that stay before it).
    package func outline(
        ofObjectAt start: Int, descending: Set<String>, invalidUTF8: inout InvalidUTF8?, before limit: Int? = nil
    ) -> Outline? {
        var released = start
        return outline(
            at: skipWhitespace(start), descending: descending, document: start..<bytes.count, limit: min(limit ?? bytes.count, bytes.count),
            released: &released, invalidUTF8: &invalidUTF8)
    }

    private func outline(
        at start: Int, descending: Set<String>, document: Range<Int>, limit: Int, released: inout Int, invalidUTF8: inout InvalidUTF8?
    ) -> Outline? {
        var index = start
        guard index < bytes.count, bytes[index] == 0x7B else { return nil }
        index += 1
        var members: [(key: String, value: Outline)] = []
        while true {
            releaseBehind(index, &released)
            index = skipWhitespace(index)
            guard index < bytes.count else { return nil }
            if bytes[index] == 0x7D, members.isEmpty { return Outline(range: start..<index + 1, members: members) }
            guard bytes[index] == 0x22, let keyEnd = endOfString(at: index) else { return nil }
            var found: InvalidUTF8?
            guard let key = try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[index..<keyEnd]), invalidUTF8: &found),
                  case .string(let name) = key
            else { return nil }
            if let found { invalidUTF8.add(found.placed(at: index, in: document)) }
            index = skipWhitespace(keyEnd)
            guard index < bytes.count, bytes[index] == 0x3A else { return nil }
            let valueStart = skipWhitespace(index + 1)
            let value: Outline
            if descending.contains(name), valueStart < bytes.count, bytes[valueStart] == 0x7B {
                guard let inner = outline(
                    at: valueStart, descending: descending, document: document, limit: limit, released: &released,
                    invalidUTF8: &invalidUTF8)
                else { return nil }
                value = inner
            } else if descending.contains(name), valueStart < bytes.count, bytes[valueStart] == 0x5B {
                guard let elements = elements(ofArrayAt: valueStart, before: limit), let end = elements.last.map({ endOfList(after: $0.upperBound) }) ?? endOfValue(at: valueStart)
                else { return nil }
                value = Outline(range: valueStart..<end, elements: elements)
            } else {
                guard let valueEnd = endOfValue(at: valueStart) else { return nil }
                value = Outline(range: valueStart..<valueEnd)
            }
            members.append((name, value))
            index = skipWhitespace(value.range.upperBound)
            guard index < bytes.count else { return nil }
            if bytes[index] == 0x2C { index += 1; continue }
            if bytes[index] == 0x7D { return Outline(range: start..<index + 1, members: members) }
            return nil
        }
    }

    /// One past the `]` that closes a list whose last element ends at `end` (`elements(ofArrayAt:)` checked it).
    private func endOfList(after end: Int) -> Int {
        skipWhitespace(end) + 1
    }

    /// The line (from 1) of a byte offset.
    package func line(of offset: Int) -> Int {
        var line = 1
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A { line += 1 }
        return line
    }
}
