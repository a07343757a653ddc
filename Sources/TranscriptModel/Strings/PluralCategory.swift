/// A CLDR plural category: which form of a counted phrase a language uses for a number ("1 message",
/// "2 messages"; Arabic has six forms, Japanese one).
public enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    /// The category of the whole number `count` in `language` (a BCP 47 language code such as `de`, `pt-PT` or
    /// `ar`; a region or script after it is ignored unless CLDR has rules of its own for the tag), by CLDR's
    /// plural rules. Languages CLDR has no rules for use `one` for 1 and `other` for everything else.
    public static func of(_ count: Int, language: String) -> PluralCategory {
        let number = count.magnitude
        guard let rules = rules(of: language) else { return number == 1 ? .one : .other }
        return rules.first { $0.holds(for: number) }?.category ?? .other
    }

    /// The categories `language` uses for whole numbers, in CLDR order (`other` always among them).
    public static func categories(of language: String) -> [PluralCategory] {
        guard let rules = rules(of: language) else { return [.one, .other] }
        return Set(rules.map(\.category)).union([.other]).sorted()
    }

    private static func rules(of language: String) -> [PluralRule]? {
        let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
        if let rules = PluralRules.byLanguage[tag] { return rules }
        return tag.split(separator: "-").first.flatMap { PluralRules.byLanguage[String($0)] }
    }

    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
