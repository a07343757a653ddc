/// A page model's template keys, each with how to read its value from the model: the one place where a key
/// is named. A model that has a table answers templates through it (`TemplateModel`).
///
/// ```swift
/// static let templateKeys: TemplateKeys<PageLink> = [
///     "url": { .text($0.url) },
///     "count": { $0.count.templateValue },
/// ]
/// ```
///
/// A message template asks for dozens of keys per message, so a look-up goes to a bucket chosen by the key's
/// first byte and length and compares the few names in it, instead of hashing the whole key.
public final class TemplateKeys<Model>: Sendable, ExpressibleByDictionaryLiteral {
    public typealias Reader = @Sendable (Model) -> TemplateValue?

    private struct Entry: Sendable {
        let name: String
        let read: Reader
    }

    /// The entries, grouped by bucket: bucket `b` holds `entries[starts[b]..<starts[b + 1]]`.
    private let entries: [Entry]
    private let starts: [Int]
    /// The keys, in the order they were declared.
    public let names: [String]

    private static var bucketCount: Int { 64 }

    public convenience init(dictionaryLiteral elements: (String, Reader)...) {
        self.init(elements)
    }

    /// A table of `elements`; a name given twice is a programming error.
    public init(_ elements: [(String, Reader)]) {
        precondition(Set(elements.map(\.0)).count == elements.count, "a template key is declared twice")
        names = elements.map(\.0)
        let byBucket = Dictionary(grouping: elements.map { Entry(name: $0.0, read: $0.1) }) { Self.bucket(of: $0.name) }
        var entries: [Entry] = []
        var starts: [Int] = []
        for bucket in 0..<Self.bucketCount {
            starts.append(entries.count)
            entries += byBucket[bucket] ?? []
        }
        starts.append(entries.count)
        self.entries = entries
        self.starts = starts
    }

    /// The value of `key` in `model`, or nil when the table has no such key or the model no value for it.
    public func value(for key: String, of model: Model) -> TemplateValue? {
        // A plain loop: a closure here would capture (copy) the model on every look-up.
        let bucket = Self.bucket(of: key)
        var position = starts[bucket]
        let end = starts[bucket + 1]
        while position < end {
            if entries[position].name == key { return entries[position].read(model) }
            position += 1
        }
        return nil
    }

    private static func bucket(of key: String) -> Int {
        let utf8 = key.utf8
        return (Int(utf8.first ?? 0) &* 7 &+ utf8.count) & (bucketCount - 1)
    }
}

/// A page model: a value the templates read through its table of keys. A class model is a `TemplateObject`
/// itself; a struct model goes into a template value in a `TemplateBox` (`TemplateValue.model(_:)`).
public protocol TemplateModel: Sendable {
    /// Every key the templates can ask this model for.
    static var templateKeys: TemplateKeys<Self> { get }
}

extension TemplateModel where Self: TemplateObject {
    public func templateValue(for key: String) -> TemplateValue? {
        Self.templateKeys.value(for: key, of: self)
    }
}

/// A struct page model as a template object. Template values hold objects by reference, which keeps them
/// small and cheap to copy while a template is rendered.
public final class TemplateBox<Model: TemplateModel>: TemplateObject, CustomStringConvertible {
    public let model: Model

    public init(_ model: Model) { self.model = model }

    public func templateValue(for key: String) -> TemplateValue? {
        Model.templateKeys.value(for: key, of: model)
    }

    /// The model's description: a box shows as what it holds.
    public var description: String { String(describing: model) }
}
