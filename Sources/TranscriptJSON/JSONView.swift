/// Read access to a JSON value for an importer that picks out the fields it knows: a parsed `JSONValue`, or a
/// value read in place from a `JSONTape` (which builds nothing it is not asked for). Code written against it reads
/// either the same way.
package protocol JSONView {
    associatedtype Elements: Sequence where Elements.Element == Self

    var isNull: Bool { get }
    var isObject: Bool { get }
    /// The text of a string; nil for any other value.
    var stringValue: String? { get }
    /// The value of a number; nil for any other value.
    var numberValue: Double? { get }
    /// The value of `true` or `false`; nil for any other value.
    var boolValue: Bool? { get }
    /// The member `key` of an object (null when it is written so); nil when there is none or this is no object.
    subscript(key: String) -> Self? { get }
    /// The member named by a key written in the code (`value[member: "text"]`): the same as `self[key]`, with no
    /// `String` made or retained for the key (an importer asks a message for twenty of them).
    subscript(member key: StaticString) -> Self? { get }
    /// The elements of a list; nil for any other value.
    var elements: Elements? { get }
    /// The value itself, built.
    var json: JSONValue { get }
}

extension JSONValue: JSONView {
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    package var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    package var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var elements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    package var json: JSONValue { self }
}

extension JSONView {
    package subscript(member key: StaticString) -> Self? { self[key.description] }
}
