/// What the scanner found in one Swift file: the modules it imports and every type it declares, in the order of
/// their declarations (an enclosing type before the types nested in it).
struct ScannedFile {
    var imports: [String] = []
    var types: [ScannedType] = []
}

/// A type declared in a scanned file.
struct ScannedType {
    /// The type's name with the names of the types it is nested in: `["Details", "Field"]`.
    var path: [String]
    /// `public`, `package`, `private` (for `private` and `fileprivate`) or empty (internal).
    var access: String
    var line: Int
    /// Whether its declaration names `TemplateModel` or `TemplateObject` among what it adopts.
    var declaresModel: Bool
    var declaresObject: Bool
    /// Whether it declares `enum TemplateKey` itself: then its keys are hand-written and nothing is generated.
    var writesKeysByHand = false
    /// What the `// generate: …` marker directly above it asks for, if there is one.
    var generated: GeneratedCode?
    /// Whether its body declares an initializer (then Swift writes no memberwise one).
    var declaresInit = false
    var properties: [ScannedProperty] = []

    var name: String { path.joined(separator: ".") }
}

/// A `var` or `let` of a type, with the `// template:`, `// decode:` and `// default:` markers above it.
struct ScannedProperty {
    var name: String
    /// The declared type as written, without spaces (`[PageLink]`, `String?`), or nil when it has none.
    var type: String?
    var isComputed: Bool
    var isStatic: Bool
    var markers: [TemplateMarker]
    var line: Int
    var isLet = false
    /// The initial value as written (on one line), or nil when it has none.
    var value: String?
    /// The container method named by `// decode: name`.
    var decode: String?
    /// The expression of `// default: expression`.
    var derivedDefault: String?
}

/// What a `// generate: …` comment directly above a struct or class asks for.
enum GeneratedCode: String, CaseIterable {
    /// Its `CodingKeys`: its stored instance properties, for a hand-written `init(from:)`.
    case codingKeys = "CodingKeys"
    /// Its `CodingKeys`, its memberwise initializer with each key's default, and `init(keysFrom:)`, which
    /// decodes every key.
    case decodable = "Decodable"
}

/// A `// template: …` line comment above a property.
enum TemplateMarker: String, CaseIterable {
    /// A stored property that is no key.
    case skip
    /// A computed property that is a key.
    case key
    /// An `Int` or `Int?` shown as text (`.text(String(value))`) rather than as a number.
    case text
}
