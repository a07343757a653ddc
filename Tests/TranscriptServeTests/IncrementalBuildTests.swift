import Testing

@testable import TranscriptServe
@testable import TranscriptSite

/// What serve makes of an incremental build's files (the builds themselves are TranscriptSiteTests'
/// `IncrementalBuildTests`).
@Suite struct IncrementalBuildTests {
    @Test func theCacheIsNotWatchedByServe() {
        let list = WatchList(paths: ["/site"], outputFolder: "/site/public")
        #expect(list.isOutput("/site/" + BuildCache.folderName))
        #expect(!list.isOutput("/site/conversations"))
    }
}
