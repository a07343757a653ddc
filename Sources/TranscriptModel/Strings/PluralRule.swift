/// A CLDR plural rule's condition (`i % 10 = 2..4 and i % 100 != 12..14`), evaluated for whole numbers: the
/// operands n and i are the number, v, w, f, t, c and e are 0 (no visible fraction, no compact exponent).
struct PluralRule: Sendable {
    /// One comparison: `operand [% modulus] (= | !=) ranges`.
    struct Relation: Sendable {
        var operand: Character
        var modulus: UInt?
        var equal: Bool
        var ranges: [ClosedRange<UInt>]

        func holds(for number: UInt) -> Bool {
            var value: UInt = operand == "n" || operand == "i" ? number : 0
            if let modulus { value %= modulus }
            return ranges.contains { $0.contains(value) } == equal
        }
    }

    let category: PluralCategory
    /// Conditions joined by `or`, each of relations joined by `and`; empty for `other` (always true).
    let conditions: [[Relation]]

    func holds(for number: UInt) -> Bool {
        conditions.isEmpty || conditions.contains { $0.allSatisfy { $0.holds(for: number) } }
    }

    /// The rule of `category` whose condition is `text` in CLDR's syntax; nil when the text is not that syntax.
    init?(_ category: PluralCategory, _ text: String) {
        self.category = category
        var conditions: [[Relation]] = []
        for alternative in text.split(separator: " or ") {
            var relations: [Relation] = []
            for relation in alternative.split(separator: " and ") {
                guard let parsed = Self.relation(String(relation)) else { return nil }
                relations.append(parsed)
            }
            conditions.append(relations)
        }
        self.conditions = text.allSatisfy(\.isWhitespace) ? [] : conditions
    }

    private static func relation(_ text: String) -> Relation? {
        let words = text.split(separator: " ").map(String.init)
        guard let operand = words.first?.first, words.first?.count == 1, "niwvftce".contains(operand) else { return nil }
        var rest = words.dropFirst()
        var modulus: UInt?
        if rest.first == "%" {
            guard rest.count > 1, let value = UInt(rest[rest.startIndex + 1]) else { return nil }
            modulus = value
            rest = rest.dropFirst(2)
        }
        guard rest.count == 2, let comparison = rest.first, comparison == "=" || comparison == "!=" else { return nil }
        var ranges: [ClosedRange<UInt>] = []
        for item in rest.last!.split(separator: ",") {
            let bounds = item.split(separator: ".", omittingEmptySubsequences: true)
            guard let low = UInt(bounds[0]), let high = UInt(bounds.last!), bounds.count <= 2, low <= high else { return nil }
            ranges.append(low...high)
        }
        return Relation(operand: operand, modulus: modulus, equal: comparison == "=", ranges: ranges)
    }
}

/// The plural rules of each language CLDR has (`PluralRules+Table.swift`, made from CLDR's `plurals.xml`).
enum PluralRules {
    /// Each language's rules for whole numbers, in CLDR's order (`other` last), by lowercased tag (`pt-pt`).
    static let byLanguage: [String: [PluralRule]] = {
        var result: [String: [PluralRule]] = [:]
        for (locales, texts) in cldr {
            let rules = texts.map { PluralRule($0.0, $0.1)! }
            for locale in locales.split(separator: " ") {
                result[locale.lowercased().replacingOccurrences(of: "_", with: "-")] = rules
            }
        }
        return result
    }()
}
