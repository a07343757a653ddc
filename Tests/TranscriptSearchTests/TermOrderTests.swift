import Testing

@testable import TranscriptSearch

@Suite struct TermOrderTests {
    /// Characters from each range whose order differs between UTF-8 and UTF-16: ASCII, two-byte, three-byte below
    /// U+E000 and from it, and four-byte (surrogate pairs in UTF-16).
    static let characters: [Character] = [
        "a", "z", "~", "é", "ß", "Ж", "中", "\u{D7FF}", "\u{E000}", "\u{F8FF}", "ﬀ", "\u{FFFD}", "😀", "𝔸", "\u{10FFFF}",
    ]

    /// Random strings of those characters, the same ones on every run.
    static func strings(count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in String((0..<next(5)).map { _ in characters[next(characters.count)] }) }
    }

    @Test func utf16OrderOnUTF8BytesIsTheOrderOfUTF16Units() {
        let strings = Self.strings(count: 400, seed: 7)
        for a in strings {
            for b in strings.prefix(60) {
                #expect(
                    TermOrder.utf16Precedes(a, b) == Array(a.utf16).lexicographicallyPrecedes(Array(b.utf16)),
                    "\(Array(a.unicodeScalars)) \(Array(b.unicodeScalars))")
            }
        }
        // The cases where the two orders part: a character from U+10000 on comes before U+E000 to U+FFFF in UTF-16.
        #expect(TermOrder.utf16Precedes("😀", "\u{E000}"))
        #expect(!TermOrder.utf16Precedes("\u{FFFD}", "𝔸"))
        #expect(SearchPostings.precedes("\u{FFFD}", "𝔸"))
        #expect(TermOrder.utf16Precedes("ab", "abc") && !TermOrder.utf16Precedes("abc", "abc"))
    }

    @Test func mergedListsHoldEveryTermOnceInUTF8Order() {
        for (seed, count) in [(1, 0), (2, 1), (3, 2), (4, 3), (5, 7)] as [(UInt64, Int)] {
            let lists = (0..<count).map { number in
                Array(Set(Self.strings(count: 50, seed: seed * 100 + UInt64(number)))).sorted(by: SearchPostings.precedes)
            }
            let expected = Array(Set(lists.joined())).sorted(by: SearchPostings.precedes)
            #expect(TermOrder.merged(lists) == expected)
        }
    }

    /// A list's terms are found in a longer sorted list at the places its index gives; terms it lacks give -1.
    @Test func positionsAreTheTermsPlacesInTheSortedList() {
        for seed in [UInt64(11), 12, 13] {
            let sorted = Array(Set(Self.strings(count: 300, seed: seed))).sorted(by: SearchPostings.precedes)
            let terms = Array(Set(Self.strings(count: 80, seed: seed + 50))).sorted(by: SearchPostings.precedes)
            let expected = terms.map { term in Int32(sorted.firstIndex(of: term) ?? -1) }
            #expect(TermOrder.positions(of: terms, in: sorted) == expected)
            #expect(expected.contains { $0 >= 0 } && expected.contains(-1))
        }
        #expect(TermOrder.positions(of: [], in: ["a"]).isEmpty)
        #expect(TermOrder.positions(of: ["a"], in: []) == [-1])
    }

    /// Each merged term's sources are the parts that hold it, in order, with its number in each.
    @Test func termSourcesNameEveryPartThatHoldsATerm() throws {
        let lists = (0..<4).map { number in
            Array(Set(Self.strings(count: 60, seed: 300 + UInt64(number)))).sorted(by: SearchPostings.precedes)
        }
        let merged = TermOrder.merged(lists)
        let sources = try TermSources(merged: merged, partTerms: lists)
        for (number, term) in merged.enumerated() {
            var found: [[Int]] = []
            sources.forEach(of: number) { part, local in found.append([part, local]) }
            let expected = lists.enumerated().compactMap { part, list in list.firstIndex(of: term).map { [part, $0] } }
            #expect(found == expected, "\(term)")
        }
    }
}
