import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptSearch
@testable import TranscriptSite

/// A conversation's share of the search index waits for the index out of memory once it has
/// `BuildContext.partsMovedOutFrom` documents (`BuildContext.waitingForTheIndex`), whether rendered now or read
/// from the build cache: the index is what a clean build writes either way.
@Suite struct SearchPartsWaitingTests {
    static func messages(_ count: Int, month: String, word: String) -> [String] {
        (0..<count).map { number in
            let minute = String(format: "%02d:%02d", number / 60 % 24, number % 60)
            return #"{"id": "\#(number)", "sender": "\#(number % 2 == 0 ? "ann" : "bob")", "date": "2024-\#(month)-1\#(number / 1440)T\#(minute):00Z", "text": "\#(word) number \#(number)"}"#
        }
    }

    @Test func bigPartsWaitOutOfMemoryAndTheIndexIsWhatACleanBuildWrites() throws {
        let big = BuildContext.partsMovedOutFrom + 100
        let site = try TestSupport.makeSite(conversations: [
            "alpha.json": TestSupport.conversation(id: "alpha", title: "Alpha", messages: Self.messages(big, month: "03", word: "apple")),
            "beta.json": TestSupport.conversation(id: "beta", title: "Beta", messages: Self.messages(big + 7, month: "04", word: "berry")),
            "small.json": TestSupport.conversation(id: "small", title: "Small", messages: Self.messages(3, month: "05", word: "cherry")),
        ])
        try IncrementalBuildTests.settle(site)
        let first = try IncrementalBuildTests.build(site)
        #expect(first.searchDocuments == 2 * big + 7 + 3)
        // The small conversation gains a message: the big ones' parts come from the cache, the index is built again.
        try TestSupport.write([
            "conversations/small.json": TestSupport.conversation(
                id: "small", title: "Small", messages: Self.messages(4, month: "05", word: "cherry")),
        ], in: site)
        let edited = try IncrementalBuildTests.buildMatchesCleanBuild(site)
        #expect(edited.conversationsReused == 2)
        #expect(edited.searchIndexWork == .built)
        #expect(edited.searchDocuments == 2 * big + 7 + 4)
        // Every document can be found: each big conversation's word finds all of its messages.
        let index = try String(contentsOf: site.appendingPathComponent("public/search/index.js"), encoding: .utf8)
        #expect(index.contains("\"documents\":\(2 * big + 11)"))
    }
}
