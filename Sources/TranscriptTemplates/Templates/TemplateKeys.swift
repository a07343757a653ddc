/// The keys of a page model: an enum whose cases are the names templates use (`case senderName`), and the
/// one place where a key is named. The model's `templateValue(_:)` switches over it; the compiler checks that
/// every key has its value. The package's own models (`TranscriptRender`) have all three generated from their
/// properties by its `TemplateKeys` build plugin; a model elsewhere writes them.
public protocol TemplateModel: Sendable {
    associatedtype TemplateKey: RawRepresentable, CaseIterable, Sendable where TemplateKey.RawValue == String

    /// Finds a key by its name (`TemplateKeyIndex<TemplateKey>()`).
    static var templateKeyIndex: TemplateKeyIndex<TemplateKey> { get }

    /// The value of `key`, or nil when the model has none.
    func templateValue(_ key: TemplateKey) -> TemplateValue?
}

extension TemplateModel where Self: TemplateObject {
    public func templateValue(for name: String) -> TemplateValue? {
        // Not `.flatMap(templateValue)`: a method as a closure retains the model on every look-up.
        guard let key = Self.templateKeyIndex.key(named: name) else { return nil }
        return templateValue(key)
    }

    public static func templateKeyResolution(named name: String) -> TemplateKeyResolution {
        templateKeyIndex.resolution(named: name)
    }

    public func templateValue(numbered number: Int) -> TemplateValue? {
        templateValue(Self.templateKeyIndex.key(numbered: number))
    }
}

/// Finds a model's key by the name a template asks for.
///
/// A message template asks for dozens of keys per message, so a look-up goes to a bucket chosen by the name's
/// first byte and length and compares the few names in it, instead of hashing the whole name. The index
/// holds only strings and enum values: a look-up touches no reference count that other threads share.
public struct TemplateKeyIndex<Key: RawRepresentable & CaseIterable & Sendable>: Sendable where Key.RawValue == String {
    /// The names and keys, grouped by bucket: bucket `b` holds positions `starts[b]..<starts[b + 1]`.
    private let names: [String]
    private let keys: [Key]
    private let starts: [Int]

    private static var bucketCount: Int { 64 }

    public init() {
        let all = Array(Key.allCases)
        let byBucket = Dictionary(grouping: all) { Self.bucket(of: $0.rawValue) }
        var names: [String] = []
        var keys: [Key] = []
        var starts: [Int] = []
        for bucket in 0..<Self.bucketCount {
            starts.append(keys.count)
            for key in byBucket[bucket] ?? [] {
                names.append(key.rawValue)
                keys.append(key)
            }
        }
        starts.append(keys.count)
        self.names = names
        self.keys = keys
        self.starts = starts
    }

    /// The key named `name`, or nil when the model has no such key.
    public func key(named name: String) -> Key? {
        number(named: name).map { keys[$0] }
    }

    /// How the model answers `name`: the key's number in this index, or `.absent`.
    public func resolution(named name: String) -> TemplateKeyResolution {
        number(named: name).map(TemplateKeyResolution.number) ?? .absent
    }

    /// The key that `resolution(named:)` numbered `number`.
    public func key(numbered number: Int) -> Key { keys[number] }

    private func number(named name: String) -> Int? {
        let bucket = Self.bucket(of: name)
        var position = starts[bucket]
        let end = starts[bucket + 1]
        while position < end {
            if names[position] == name { return position }
            position += 1
        }
        return nil
    }

    private static func bucket(of name: String) -> Int {
        let utf8 = name.utf8
        // The first byte by subscript: `utf8.first` went through the generic `Collection.first`.
        let first = utf8.isEmpty ? 0 : Int(utf8[utf8.startIndex])
        return (first &* 7 &+ utf8.count) & (bucketCount - 1)
    }
}

/// A struct page model as a template object. Template values hold objects by reference, which keeps them
/// small and cheap to copy while a template is rendered.
public final class TemplateBox<Model: TemplateModel>: TemplateObject, CustomStringConvertible {
    public let model: Model

    public init(_ model: Model) { self.model = model }

    public func templateValue(for name: String) -> TemplateValue? {
        guard let key = Model.templateKeyIndex.key(named: name) else { return nil }
        return model.templateValue(key)
    }

    public static func templateKeyResolution(named name: String) -> TemplateKeyResolution {
        Model.templateKeyIndex.resolution(named: name)
    }

    public func templateValue(numbered number: Int) -> TemplateValue? {
        model.templateValue(Model.templateKeyIndex.key(numbered: number))
    }

    /// The model's description: a box shows as what it holds.
    public var description: String { String(describing: model) }
}
