/// A deterministic byte form of any `Encodable` value, for content digests: every value the type encodes,
/// with a tag for its kind, each after its key (or element mark) and its nesting depth, so that no two
/// different values give the same bytes. Unlike JSON it needs no
/// tree in memory and no sorting of keys (keys come in the order the type encodes them, which is fixed for
/// one binary), so it is much faster; it is never read back.
///
/// ```swift
/// var hash = SHA256()
/// hash.update(try ContentDigest.bytes(of: conversation))
/// ```
package enum ContentDigest {
    /// The byte form of `value`.
    package static func bytes(of value: some Encodable) throws -> [UInt8] {
        let encoder = DigestEncoder()
        try value.encode(to: encoder)
        return encoder.sink.bytes
    }

    /// A digest of a message's source bytes (a message read on its own from an export): the same bytes, read
    /// with the same settings, give the same message. Never equal to a digest of the model's byte form.
    package static func sourceDigest(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var digest = FastDigest()
        // In lanes (a message's source is hundreds of bytes): version 2; a cache made with version 1 matches nothing.
        digest.add("message source 2")
        digest.addInLanes(UnsafeRawBufferPointer(bytes))
        return digest.value
    }

    /// A `FastDigest` of each value's byte form, made on all cores.
    package static func digests<Value: Encodable & Sendable>(of values: [Value]) throws -> [UInt64] {
        try chunkRanges(count: values.count, chunkSize: 1024).concurrentMap { range in
            // One encoder per chunk, its bytes emptied for each value (not one encoder and buffer per value).
            let encoder = DigestEncoder()
            encoder.sink.bytes.reserveCapacity(1024)
            return try range.map { index -> UInt64 in
                encoder.sink.bytes.removeAll(keepingCapacity: true)
                try values[index].encode(to: encoder)
                var digest = FastDigest()
                encoder.sink.bytes.withUnsafeBytes { digest.add($0) }
                return digest.value
            }
        }.flatMap { $0 }
    }
}

/// Where the bytes go (shared by the encoder and its containers).
private final class DigestSink {
    var bytes: [UInt8] = []

    enum Tag: UInt8 {
        case null = 0, boolean, integer, unsigned, float, string, key, begin, end, element
    }

    func tag(_ tag: Tag) { bytes.append(tag.rawValue) }

    func number(_ value: UInt64) {
        var rest = value
        repeat {
            bytes.append(UInt8(rest & 0x7F) | (rest >= 0x80 ? 0x80 : 0))
            rest >>= 7
        } while rest != 0
    }

    func string(_ text: String) {
        tag(.string)
        var text = text
        text.withUTF8 { utf8 in
            number(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    func integer(_ value: Int64) {
        tag(.integer)
        number(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    func unsigned(_ value: UInt64) {
        tag(.unsigned)
        number(value)
    }

    func float(_ value: Double) {
        tag(.float)
        number(value.bitPattern)
    }

    func nested(_ value: some Encodable, encoder: DigestEncoder) throws {
        tag(.begin)
        encoder.depth += 1
        try value.encode(to: encoder)
        encoder.depth -= 1
        tag(.end)
    }
}

private final class DigestEncoder: Encoder {
    let sink: DigestSink
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]
    /// How deep the value being encoded is nested.
    var depth = 0

    init(sink: DigestSink = DigestSink()) {
        self.sink = sink
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedDigestContainer(encoder: self, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedDigestContainer(encoder: self, depth: depth) }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleDigestContainer(encoder: self) }
}

private struct KeyedDigestContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: DigestEncoder
    let depth: Int
    var codingPath: [any CodingKey] { encoder.codingPath }
    var sink: DigestSink { encoder.sink }

    func key(_ key: Key) {
        sink.tag(.key)
        sink.number(UInt64(depth))
        sink.string(key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { self.key(key); sink.tag(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { self.key(key); sink.tag(.boolean); sink.number(value ? 1 : 0) }
    mutating func encode(_ value: String, forKey key: Key) throws { self.key(key); sink.string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { self.key(key); sink.float(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { self.key(key); sink.float(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { self.key(key); sink.integer(Int64(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { self.key(key); sink.integer(Int64(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { self.key(key); sink.integer(Int64(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { self.key(key); sink.integer(Int64(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { self.key(key); sink.integer(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { self.key(key); sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { self.key(key); sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { self.key(key); sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { self.key(key); sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { self.key(key); sink.unsigned(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.key(key)
        try sink.nested(value, encoder: encoder)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        self.key(key)
        return KeyedEncodingContainer(KeyedDigestContainer<NestedKey>(encoder: encoder, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.key(key)
        return UnkeyedDigestContainer(encoder: encoder, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        self.key(key)
        return encoder
    }
}

private struct UnkeyedDigestContainer: UnkeyedEncodingContainer {
    let encoder: DigestEncoder
    let depth: Int
    var codingPath: [any CodingKey] { encoder.codingPath }
    private(set) var count = 0
    var sink: DigestSink { encoder.sink }

    init(encoder: DigestEncoder, depth: Int) {
        self.encoder = encoder
        self.depth = depth
    }

    private mutating func element() {
        sink.tag(.element)
        sink.number(UInt64(depth))
        count += 1
    }

    mutating func encodeNil() throws { element(); sink.tag(.null) }
    mutating func encode(_ value: Bool) throws { element(); sink.tag(.boolean); sink.number(value ? 1 : 0) }
    mutating func encode(_ value: String) throws { element(); sink.string(value) }
    mutating func encode(_ value: Double) throws { element(); sink.float(value) }
    mutating func encode(_ value: Float) throws { element(); sink.float(Double(value)) }
    mutating func encode(_ value: Int) throws { element(); sink.integer(Int64(value)) }
    mutating func encode(_ value: Int8) throws { element(); sink.integer(Int64(value)) }
    mutating func encode(_ value: Int16) throws { element(); sink.integer(Int64(value)) }
    mutating func encode(_ value: Int32) throws { element(); sink.integer(Int64(value)) }
    mutating func encode(_ value: Int64) throws { element(); sink.integer(value) }
    mutating func encode(_ value: UInt) throws { element(); sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { element(); sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { element(); sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { element(); sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { element(); sink.unsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        element()
        try sink.nested(value, encoder: encoder)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        element()
        return KeyedEncodingContainer(KeyedDigestContainer<NestedKey>(encoder: encoder, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        element()
        return UnkeyedDigestContainer(encoder: encoder, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder { encoder }
}

private struct SingleDigestContainer: SingleValueEncodingContainer {
    let encoder: DigestEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var sink: DigestSink { encoder.sink }

    mutating func encodeNil() throws { sink.tag(.null) }
    mutating func encode(_ value: Bool) throws { sink.tag(.boolean); sink.number(value ? 1 : 0) }
    mutating func encode(_ value: String) throws { sink.string(value) }
    mutating func encode(_ value: Double) throws { sink.float(value) }
    mutating func encode(_ value: Float) throws { sink.float(Double(value)) }
    mutating func encode(_ value: Int) throws { sink.integer(Int64(value)) }
    mutating func encode(_ value: Int8) throws { sink.integer(Int64(value)) }
    mutating func encode(_ value: Int16) throws { sink.integer(Int64(value)) }
    mutating func encode(_ value: Int32) throws { sink.integer(Int64(value)) }
    mutating func encode(_ value: Int64) throws { sink.integer(value) }
    mutating func encode(_ value: UInt) throws { sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { sink.unsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try sink.nested(value, encoder: encoder) }
}
