/// Template values by key, for values whose keys are not known before the build: a message kind's values
/// (`KindTemplate`), a custom kind's payload, what a `CustomMessageRenderer` returns.
public final class TemplateDictionary: TemplateObject {
    public let values: [String: TemplateValue]

    public init(_ values: [String: TemplateValue]) { self.values = values }

    public func templateValue(for key: String) -> TemplateValue? { values[key] }
}
