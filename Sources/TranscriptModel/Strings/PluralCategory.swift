/// A CLDR plural category: which form of a counted phrase a language uses for a number ("1 message",
/// "2 messages"; Arabic has six forms, Japanese one).
public enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    /// The category of the whole number `count` in `language` (a BCP 47 language code such as `de`, `pt` or
    /// `ar`; a region or script after it is ignored, except `pt-PT`), by the CLDR plural rules for integers.
    /// Languages the rules here do not know use `one` for 1 and `other` for everything else.
    public static func of(_ count: Int, language: String) -> PluralCategory {
        let n = count.magnitude
        let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
        let base = tag.split(separator: "-").first.map(String.init) ?? tag
        switch base {
        case "ja", "zh", "ko", "th", "vi", "id", "ms", "tr", "fa", "my", "lo", "km":
            // fa and tr have `one` in CLDR, but for whole numbers only "1"; keep them with the default below.
            if base == "fa" || base == "tr" { return n == 1 ? .one : .other }
            return .other
        case "fr":
            if n <= 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "pt":
            if tag == "pt-pt" { return n == 1 ? .one : (n != 0 && n % 1_000_000 == 0 ? .many : .other) }
            if n <= 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "es", "it", "ca":
            if n == 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "ar":
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                let hundreds = n % 100
                if (3...10).contains(hundreds) { return .few }
                if (11...99).contains(hundreds) { return .many }
                return .other
            }
        case "he", "iw":
            if n == 1 { return .one }
            return n == 2 ? .two : .other
        case "ru", "uk", "be":
            if n % 10 == 1 && n % 100 != 11 { return .one }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
            return .many
        case "pl":
            if n == 1 { return .one }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
            return .many
        case "cs", "sk":
            if n == 1 { return .one }
            return (2...4).contains(n) ? .few : .other
        default:
            return n == 1 ? .one : .other
        }
    }

    /// The categories `language` uses for whole numbers, in CLDR order (`other` always among them).
    public static func categories(of language: String) -> [PluralCategory] {
        let samples = [0, 1, 2, 3, 5, 11, 100, 101, 102, 1_000_000]
        return Set(samples.map { of($0, language: language) }).union([.other]).sorted()
    }

    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
