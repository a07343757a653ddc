import Foundation
import TranscriptJSON
import TranscriptSupport

/// Settings that reading JSON into the model needs.
package struct JSONDecodingContext: Sendable {
    /// The time zone in which dates without a UTC offset are read.
    package var defaultTimeZone: TimeZone?

    package init(defaultTimeZone: TimeZone?) { self.defaultTimeZone = defaultTimeZone }

    package init(_ decoder: any Decoder) {
        defaultTimeZone = decoder.userInfo[.defaultTimeZone] as? TimeZone
    }
}

/// A model value read from parsed JSON. The canonical format has exactly one reader per type: this one.
/// (`Codable` decoding goes through it too, via `JSONValue`.)
package protocol JSONMappable {
    init(json: JSONValue, path: JSONPath, context: JSONDecodingContext) throws
}

extension JSONMappable {
    /// The `Decodable` initializer of a mappable type: reads any JSON value, then maps it.
    init(mappingFrom decoder: any Decoder) throws {
        try self.init(
            json: JSONValue(from: decoder), path: decoder.codingPath.map(AnyCodingKey.init),
            context: JSONDecodingContext(decoder))
    }
}

/// Errors for values in the wrong shape, with the path to them.
package enum JSONMappingError {
    package static func invalid(_ path: JSONPath, _ message: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: message))
    }

    package static func missing(_ path: JSONPath, _ key: String) -> DecodingError {
        .keyNotFound(
            AnyCodingKey(stringValue: key), DecodingError.Context(codingPath: path, debugDescription: "\"\(key)\" is required"))
    }

    package static func expected(_ what: String, found value: JSONValue, at path: JSONPath) -> DecodingError {
        invalid(path, "expected \(what), found \(value.kindDescription)")
    }
}

extension JSONValue {
    /// "a string", "the number 12", ... for error messages.
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): "the number \(JSONValue.number(value).displayText)"
        case .string(let value): "the string \"\(value.count > 40 ? value.prefix(40) + "…" : value)\""
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// A JSON object being read into a model value: typed access to its members, with errors naming the path.
package struct JSONObject: Sendable {
    package let members: [String: JSONValue]
    package let path: JSONPath
    package let context: JSONDecodingContext

    package init(_ value: JSONValue, path: JSONPath, context: JSONDecodingContext) throws {
        guard case .object(let members) = value else { throw JSONMappingError.expected("an object", found: value, at: path) }
        self.members = members
        self.path = path
        self.context = context
    }

    /// Throws for the first key (in sorted order) outside `allowed`.
    package func rejectUnknownKeys(_ allowed: Set<String>) throws {
        guard members.count > 0, members.keys.contains(where: { !allowed.contains($0) }) else { return }
        let unknown = members.keys.filter { !allowed.contains($0) }.sorted()[0]
        throw JSONMappingError.invalid(
            path + [AnyCodingKey(stringValue: unknown)],
            "unknown key \"\(unknown)\" (expected one of: \(allowed.sorted().joined(separator: ", ")))")
    }

    package func keyPath(_ key: String) -> JSONPath { path + [AnyCodingKey(stringValue: key)] }

    /// The member's value, or nil when it is absent or null.
    package func value(_ key: String) -> JSONValue? {
        guard let value = members[key] else { return nil }
        if case .null = value { return nil }
        return value
    }

    package func required(_ key: String) throws -> JSONValue {
        guard let value = value(key) else { throw JSONMappingError.missing(path, key) }
        return value
    }

    package func string(_ key: String) throws -> String {
        let value = try required(key)
        guard case .string(let text) = value else { throw JSONMappingError.expected("a string", found: value, at: keyPath(key)) }
        return text
    }

    package func optionalString(_ key: String) throws -> String? {
        guard value(key) != nil else { return nil }
        return try string(key)
    }

    package func optionalDouble(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value else { throw JSONMappingError.expected("a number", found: value, at: keyPath(key)) }
        return number
    }

    func optionalInt(_ key: String) throws -> Int? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, number == number.rounded(), abs(number) < 9e15 else {
            throw JSONMappingError.expected("a whole number", found: value, at: keyPath(key))
        }
        return Int(number)
    }

    package func optionalCount(_ key: String) throws -> Int? {
        guard let count = try optionalInt(key) else { return nil }
        guard count >= 0 else { throw JSONMappingError.invalid(keyPath(key), "cannot be negative") }
        return count
    }

    func optionalBool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw JSONMappingError.expected("true or false", found: value, at: keyPath(key)) }
        return flag
    }

    /// An id, written as a non-empty string or a whole number.
    package func identifier(_ key: String) throws -> String {
        guard let id = try optionalIdentifier(key) else { throw JSONMappingError.missing(path, key) }
        return id
    }

    package func optionalIdentifier(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        return try Self.identifier(value, path: keyPath(key))
    }

    package static func identifier(_ value: JSONValue, path: JSONPath) throws -> String {
        switch value {
        case .string(let text):
            guard !text.isEmpty else { throw JSONMappingError.invalid(path, "an id cannot be empty") }
            return text
        case .number(let number) where number == number.rounded() && abs(number) <= 9_007_199_254_740_992:
            return String(Int64(number))
        case .number:
            throw JSONMappingError.invalid(path, "a numeric id must be a whole number below 2^53; write larger ids as strings")
        default:
            throw JSONMappingError.expected("an id (a string or a whole number)", found: value, at: path)
        }
    }

    func optionalEnum<Value: RawRepresentable & CaseIterable>(_ key: String, _ type: Value.Type) throws -> Value?
    where Value.RawValue == String {
        guard let text = try optionalString(key) else { return nil }
        guard let parsed = Value(rawValue: text) else {
            throw JSONMappingError.invalid(
                keyPath(key),
                "\"\(text)\" is not one of: \(Value.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return parsed
    }

    package func mapped<Value: JSONMappable>(_ key: String, as type: Value.Type = Value.self) throws -> Value {
        try Value(json: try required(key), path: keyPath(key), context: context)
    }

    func optionalMapped<Value: JSONMappable>(_ key: String, as type: Value.Type = Value.self) throws -> Value? {
        guard let value = value(key) else { return nil }
        return try Value(json: value, path: keyPath(key), context: context)
    }

    package func list<Value: JSONMappable>(_ key: String, of type: Value.Type = Value.self) throws -> [Value]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else { throw JSONMappingError.expected("a list", found: value, at: keyPath(key)) }
        let base = keyPath(key)
        return try elements.enumerated().map { index, element in
            try Value(json: element, path: base + [AnyCodingKey(intValue: index)], context: context)
        }
    }

    package func strings(_ key: String) throws -> [String]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else { throw JSONMappingError.expected("a list", found: value, at: keyPath(key)) }
        return try elements.enumerated().map { index, element in
            guard case .string(let text) = element else {
                throw JSONMappingError.expected("a string", found: element, at: keyPath(key) + [AnyCodingKey(intValue: index)])
            }
            return text
        }
    }

    /// A list of ids (strings or whole numbers).
    package func identifiers(_ key: String) throws -> [String]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else { throw JSONMappingError.expected("a list", found: value, at: keyPath(key)) }
        return try elements.enumerated().map { index, element in
            try Self.identifier(element, path: keyPath(key) + [AnyCodingKey(intValue: index)])
        }
    }
}
