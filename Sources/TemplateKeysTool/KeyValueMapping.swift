/// How a key's value is made from its property, chosen by the property's declared type.
///
/// | Declared type | Value |
/// | --- | --- |
/// | `String`, `String?`, `[String]` | `.text(x)`, `x.templateValue`, `.texts(x)` |
/// | `Bool` | `.flag(x)` |
/// | `Int`, `Int?` | `.number(x)`, `x.map { .number($0) }`; with `// template: text`, `.text(String(x))` |
/// | `TemplateValue`, `TemplateValue?` | `x` |
/// | a struct model `M`: `M`, `M?`, `[M]` | `.model(x)`, `x.modelValue`, `.models(x)` |
/// | a class object `O`: `O`, `O?`, `[O]` | `.object(x)`, `x.templateValue`, `.list(x)` |
///
/// A model is a type of the target that declares `TemplateModel`; an object one that declares `TemplateObject`
/// (`TemplateDictionary` and `any TemplateObject` are objects too).
struct KeyValueMapping {
    enum Role {
        case model
        case object
    }

    /// The target's models and objects, by name (both `Details.Field` and `Field`, unless another type shares
    /// the short name).
    private var roles: [String: Role] = ["TemplateDictionary": .object, "any TemplateObject": .object]

    init(types: [ScannedType]) {
        var byShortName: [String: Role?] = [:]
        for type in types where type.declaresModel || type.declaresObject {
            let role: Role = type.declaresObject ? .object : .model
            roles[type.name] = role
            let short = type.path.last!
            // A short name two types share is ambiguous: neither gets it.
            byShortName[short] = byShortName[short] == nil ? role : Role?.none
        }
        for case let (name, role?) in byShortName where roles[name] == nil { roles[name] = role }
    }

    /// The expression giving the value of the key read from `value` (`self.title`), or a sentence saying why
    /// there is none.
    func expression(for type: String, value: String, asText: Bool) -> Result<String, MappingProblem> {
        if asText {
            switch type {
            case "Int": return .success(".text(String(\(value)))")
            case "Int?": return .success("\(value).map { .text(String($0)) }")
            default: return .failure(MappingProblem("`// template: text` is for `Int` and `Int?`, not `\(type)`"))
            }
        }
        switch type {
        case "String": return .success(".text(\(value))")
        case "String?": return .success("\(value).templateValue")
        case "[String]": return .success(".texts(\(value))")
        case "Bool": return .success(".flag(\(value))")
        case "Int": return .success(".number(\(value))")
        case "Int?": return .success("\(value).map { .number($0) }")
        case "TemplateValue", "TemplateValue?": return .success(value)
        default: break
        }
        let optional = type.hasSuffix("?")
        let array = type.hasPrefix("[") && type.hasSuffix("]") && !type.contains(":")
        let base = optional ? String(type.dropLast()) : array ? String(type.dropFirst().dropLast()) : type
        switch roles[base] {
        case .model?: return .success(optional ? "\(value).modelValue" : array ? ".models(\(value))" : ".model(\(value))")
        case .object?: return .success(optional ? "\(value).templateValue" : array ? ".list(\(value))" : ".object(\(value))")
        case nil:
            return .failure(
                MappingProblem(
                    "no template value for type `\(type)`: it is neither text, a flag, a number, nor a model or object of this target; "
                        + "mark the property `// template: skip`, or make a computed key of a type that maps"))
        }
    }
}

/// Why a property's type has no template value.
struct MappingProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
