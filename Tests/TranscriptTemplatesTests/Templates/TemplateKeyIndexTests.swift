import Testing

@testable import TranscriptTemplates

/// A model's key index finds each key by its name, however crowded the name's bucket.
@Suite struct TemplateKeyIndexTests {
    /// Names that share a bucket (same first letter and length) are all found, and only they.
    enum CrowdedKey: String, CaseIterable, Sendable {
        case a, b, ab, ac, ad, abc, abd, é
        case xyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy
    }

    @Test func aKeyIndexFindsEveryKeyAndNoOther() {
        let index = TemplateKeyIndex<CrowdedKey>()
        for key in CrowdedKey.allCases { #expect(index.key(named: key.rawValue) == key) }
        for unknown in ["ae", "abcd", "A", "x", "", "e\u{301}"] { #expect(index.key(named: unknown) == nil) }
    }
}
