/// A coding key for any string, used to see every key an object really has.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// Throws when the object being decoded has a key outside `keys`, naming the key and the allowed ones.
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
        try rejectUnknownKeys(allowed: Set(keys.allCases.map(\.stringValue)))
    }

    /// Throws when the object being decoded has a key outside `allowed`, naming the key and the allowed ones.
    func rejectUnknownKeys(allowed: Set<String>) throws {
        let container = try self.container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown key \"\(key.stringValue)\" (expected one of: \(allowed.sorted().joined(separator: ", ")))"))
        }
    }
}

extension KeyedDecodingContainer {
    /// An id, written in JSON as a string or a whole number.
    func decodeIdentifier(forKey key: Key) throws -> String {
        guard let value = try decodeIdentifierIfPresent(forKey: key) else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath + [key], debugDescription: "\"\(key.stringValue)\" is required"))
        }
        return value
    }

    /// An id, written in JSON as a string or a whole number, or nil when the key is absent or null.
    func decodeIdentifierIfPresent(forKey key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let text = try? decode(String.self, forKey: key) {
            guard !text.isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "an id cannot be empty")
            }
            return text
        }
        if let number = try? decode(Int64.self, forKey: key) { return String(number) }
        throw DecodingError.typeMismatch(
            String.self,
            DecodingError.Context(codingPath: codingPath + [key], debugDescription: "expected an id (a string or a whole number)"))
    }
}
