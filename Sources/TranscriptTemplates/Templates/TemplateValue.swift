import Mustache

/// A value a template can show: what a page model answers when a template asks for a key.
public enum TemplateValue: Sendable {
    /// Text; `{{key}}` escapes it for HTML, `{{{key}}}` does not.
    case text(String)
    /// A switch for `{{#key}}…{{/key}}` and `{{^key}}…{{/key}}`.
    case flag(Bool)
    case number(Int)
    /// A nested object: `{{#key}}` renders its block with the object's keys in scope.
    case object(any TemplateObject)
    /// A list: `{{#key}}` renders its block once per item, with the item's keys in scope.
    case list([any TemplateObject])
    /// A list of texts: `{{#key}}` renders its block once per text, which `{{.}}` shows.
    case texts([String])

    /// A struct page model, boxed.
    public static func model(_ model: some TemplateModel) -> TemplateValue {
        .object(TemplateBox(model))
    }

    /// A list of struct page models, each boxed.
    public static func models<Model: TemplateModel>(_ models: [Model]) -> TemplateValue {
        .list(models.map { TemplateBox($0) })
    }

    /// The value as swift-mustache takes it.
    var mustacheValue: Any {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag
        case .number(let number): number
        case .object(let object): object
        case .list(let objects): objects
        case .texts(let texts): texts
        }
    }
}

/// An object the templates read: it answers each key with a value, or nil when it has none. Page models adopt
/// `TemplateModel` and answer from a table of keys.
///
/// Conforming types work with both renderers: the fast compiled renderer that `TemplateSet` uses for
/// messages, and swift-mustache (through `MustacheParent`), which renders everything else.
public protocol TemplateObject: AnyObject, MustacheParent, Sendable {
    /// The value for `key`, or nil when the object has no such key or its value is absent.
    func templateValue(for key: String) -> TemplateValue?

    /// How every object of this type answers the key `name`: by a number that `templateValue(numbered:)`
    /// takes, not at all, or only by name. The compiled renderer asks once per name and type, so a key's name
    /// is not compared again for each message. The default is `.byName`.
    static func templateKeyResolution(named name: String) -> TemplateKeyResolution

    /// The value of the key that `templateKeyResolution(named:)` numbered `number`, or nil when it is absent.
    func templateValue(numbered number: Int) -> TemplateValue?
}

/// How the objects of one type answer a key's name (`TemplateObject.templateKeyResolution(named:)`).
public enum TemplateKeyResolution: Sendable, Equatable {
    /// By `templateValue(numbered:)` with this number.
    case number(Int)
    /// No object of the type has the key.
    case absent
    /// By `templateValue(for:)`, asked each time: the keys differ from object to object.
    case byName
}

extension TemplateObject {
    public func child(named name: String) -> Any? {
        templateValue(for: name)?.mustacheValue
    }

    public static func templateKeyResolution(named name: String) -> TemplateKeyResolution { .byName }

    public func templateValue(numbered number: Int) -> TemplateValue? { nil }
}

// Inlinable, so that a page model's module specializes them: a generic call asked the runtime for the
// optional's type metadata on every lookup of a row's key.
extension Optional where Wrapped == String {
    /// `.text` for a value, nil for none.
    @inlinable public var templateValue: TemplateValue? {
        guard let self else { return nil }
        return .text(self)
    }
}

extension Optional where Wrapped: TemplateObject {
    /// `.object` for a value, nil for none.
    @inlinable public var templateValue: TemplateValue? {
        guard let self else { return nil }
        return .object(self)
    }
}

extension Optional where Wrapped: TemplateModel {
    /// A boxed model for a value, nil for none.
    public var modelValue: TemplateValue? { map { .model($0) } }
}
