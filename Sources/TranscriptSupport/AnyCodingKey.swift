/// A coding key for any name or index, used for JSON paths in error messages.
public struct AnyCodingKey: CodingKey, Sendable {
    public var stringValue: String
    public var intValue: Int?
    public init(stringValue: String) { self.stringValue = stringValue }
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
    package init(_ key: any CodingKey) {
        stringValue = key.stringValue
        intValue = key.intValue
    }
}
