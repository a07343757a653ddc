extension Decoder {
    /// Throws when the object being decoded has a key outside `keys`, naming the key and the allowed ones
    /// (used for the YAML config, which goes through Codable).
    package func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
        let allowed = Set(keys.allCases.map(\.stringValue))
        let container = try self.container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown key \"\(key.stringValue)\" (expected one of: \(allowed.sorted().joined(separator: ", ")))"))
        }
    }
}

extension KeyedDecodingContainer {
    /// One string or a list of them (`me: ann` or `me: [ann, bob]`), or nil when the key is absent: for a config
    /// key marked `// decode: decodeOneOrMany`.
    package func decodeOneOrMany(forKey key: Key) throws -> [String]? {
        if let single = try? decodeIfPresent(String.self, forKey: key) { return [single] }
        return try decodeIfPresent([String].self, forKey: key)
    }
}
