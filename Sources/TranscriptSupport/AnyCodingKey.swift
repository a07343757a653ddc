/// A coding key for any name or index, used for JSON paths in error messages.
public struct AnyCodingKey: CodingKey, Sendable {
    /// The key's name; an index's digits.
    public var stringValue: String
    /// The index of an element of a list; nil for a name.
    public var intValue: Int?
    /// A key for the member `stringValue` of an object.
    public init(stringValue: String) { self.stringValue = stringValue }
    /// A key for the element at `intValue` of a list.
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
    /// The same place as `key`, whatever its type.
    package init(_ key: any CodingKey) {
        stringValue = key.stringValue
        intValue = key.intValue
    }
}
