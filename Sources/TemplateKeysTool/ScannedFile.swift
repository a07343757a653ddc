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
    /// Whether `// generate: CodingKeys` is directly above it: then its `CodingKeys` are its stored properties.
    var generatesCodingKeys = false
    var properties: [ScannedProperty] = []

    var name: String { path.joined(separator: ".") }
}

/// A `var` or `let` of a type, with the `// template:` markers above it.
struct ScannedProperty {
    var name: String
    /// The declared type as written, without spaces (`[PageLink]`, `String?`), or nil when it has none.
    var type: String?
    var isComputed: Bool
    var isStatic: Bool
    var markers: [TemplateMarker]
    var line: Int
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
