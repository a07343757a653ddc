import Testing

@testable import TranscriptSearch

@Suite struct DocumentChunkTests {
    @Test func aSmallSiteHas32DocumentsAFileAndALargeOneAtMost4096Files() {
        #expect(SearchIndexBuilder.documentChunk(documents: 5) == 32)
        #expect(SearchIndexBuilder.documentChunk(documents: 4096 * 32) == 32)
        #expect(SearchIndexBuilder.documentChunk(documents: 4096 * 32 + 1) == 64)
        #expect(SearchIndexBuilder.documentChunk(documents: 1_000_000) == 256)
        #expect(SearchIndexBuilder.documentChunk(documents: 3_000_000) == 1024)
    }
}
