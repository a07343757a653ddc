/// Template values by key, for values whose keys are not known before the build: a message kind's values
/// (`KindTemplate`), a custom kind's payload, what a `CustomMessageRenderer` returns, the scope that holds the
/// strings table (`t`).
public final class TemplateDictionary: TemplateObject {
    public let values: [String: TemplateValue]
    /// The names and values again, when there are only a few: found by comparing names, which costs less than
    /// hashing the name asked for. A message's template asks every dictionary in scope for dozens of names it
    /// lacks (a name is looked for in each value around, inside out).
    private let names: [String]
    private let fewValues: [TemplateValue]

    private static var fewest: Int { 8 }

    public init(_ values: [String: TemplateValue]) {
        self.values = values
        let few = values.count <= Self.fewest ? values.sorted { $0.key < $1.key } : []
        names = few.map(\.key)
        fewValues = few.map(\.value)
    }

    public func templateValue(for key: String) -> TemplateValue? {
        guard values.count <= Self.fewest else { return values[key] }
        var index = 0
        while index < names.count {
            if names[index] == key { return fewValues[index] }
            index += 1
        }
        return nil
    }
}
