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

    /// Document files are made a batch at a time, bounded by documents: a site whose files hold more documents
    /// makes fewer files at once, so that a batch holds the same number of documents whatever the site's size.
    @Test func aBatchOfDocumentFilesHoldsTheSameNumberOfDocumentsWhateverAFileHolds() {
        #expect(SearchIndexBuilder.documentFileBatch(chunk: 32) == 512)
        #expect(SearchIndexBuilder.documentFileBatch(chunk: 256) == 64)
        #expect(SearchIndexBuilder.documentFileBatch(chunk: 1024) * 1024 == SearchIndexBuilder.documentBatch)
        #expect(SearchIndexBuilder.documentFileBatch(chunk: SearchIndexBuilder.documentBatch * 2) == 1)
    }
}
