import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptSearch

/// The cases in Fixtures/search/tokenizer-cases.json hold the terms the build makes of tricky text; the
/// browser test test_search.py checks that search-core.js makes the very same terms of them.
@Suite struct TokenizerCasesTests {
    static let file = TestSupport.fixtures.appendingPathComponent("search/tokenizer-cases.json")

    struct Case: Codable {
        var text: String
        var terms: [String]
    }

    @Test func theSharedCasesGiveTheirTerms() throws {
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: Self.file))
        #expect(cases.count >= 30)
        let tokenizer = SearchTokenizer()
        for item in cases {
            #expect(tokenizer.terms(item.text) == item.terms, "\(item.text)")
        }
    }
}

extension TokenizerCasesTests {
    @Test func writeCases() throws {
        guard ProcessInfo.processInfo.environment["WRITE_TOKENIZER_CASES"] != nil else { return }
        var cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: Self.file))
        for index in cases.indices { cases[index].terms = SearchTokenizer().terms(cases[index].text) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        try encoder.encode(cases).write(to: Self.file)
    }
}
