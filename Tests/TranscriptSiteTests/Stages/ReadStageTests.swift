import Testing

@testable import TranscriptSite

/// Which gathered conversation is read back and merged while the one before it is rendered.
@Suite struct ReadStageTests {
    let limit = ReadStage.mergedAheadBytes

    @Test func aSmallConversationIsPreparedBesideASmallOne() {
        #expect(ReadStage.preparesAhead(bytes: 1 << 20, whileRendering: 1 << 20))
        #expect(ReadStage.preparesAhead(bytes: limit, whileRendering: limit))
        // One prepared ahead itself is counted as nothing: it was small, and has left the stash.
        #expect(ReadStage.preparesAhead(bytes: limit, whileRendering: 0))
    }

    @Test func nothingIsPreparedBesideABigConversationNorIsABigOnePrepared() {
        #expect(!ReadStage.preparesAhead(bytes: 1 << 20, whileRendering: limit + 1))
        #expect(!ReadStage.preparesAhead(bytes: limit + 1, whileRendering: 1 << 20))
        #expect(!ReadStage.preparesAhead(bytes: 400 << 20, whileRendering: 400 << 20))
    }
}
