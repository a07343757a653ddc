import Foundation
import Synchronization
import Testing

@testable import TranscriptSearch

/// The index is written a batch behind the one being made (`SearchIndexBuilder.write(timeZone:locale:reuse:toAll:)`):
/// one batch at a time and in order, never while a file is taken over, and a failed write is the build's error.
@Suite struct SearchIndexWritingBehindTests {
    /// Enough messages for several batches of term and document files.
    static func parts() -> [SearchConversationPart] {
        let alpha = (0..<20_000).map {
            SearchIndexUpdateTests.Message(seconds: Int64($0) * 10, sender: "Ann", text: "word\($0) and more")
        }
        return [SearchIndexUpdateTests.part("Alpha", alpha)]
    }

    final class Calls: Sendable {
        struct State {
            var writing = 0
            var overlaps = 0
            var takenOverWhileWriting = 0
            var paths: [String] = []
            var batches = 0
            var takeOvers = 0
            /// How many document files each batch held.
            var documentFilesPerBatch: [Int] = []
        }
        let state = Mutex(State())
    }

    @Test func batchesAreWrittenOneAtATimeInOrderAndNeverWhileAFileIsTakenOver() throws {
        // A first build's document files, which the second is offered to take over (and declines).
        var first = SearchIndexBuilder(parts: Self.parts())
        let previous = try first.write(
            timeZone: "UTC", locale: "en-GB", reuse: .init(partKeys: ["a"], previous: [], takeOver: { _, _ in false })
        ) { _ in }.state.documentFiles
        var builder = SearchIndexBuilder(parts: Self.parts())
        let calls = Calls()
        let reuse = SearchIndexBuilder.Reuse(partKeys: ["a"], previous: previous, takeOver: { _, _ in
            calls.state.withLock {
                if $0.writing > 0 { $0.takenOverWhileWriting += 1 }
                $0.takeOvers += 1
            }
            return false
        })
        let (statistics, _) = try builder.write(timeZone: "UTC", locale: "en-GB", reuse: reuse) { files in
            calls.state.withLock {
                if $0.writing > 0 { $0.overlaps += 1 }
                $0.writing += 1
                $0.batches += 1
            }
            // Long enough for the next batch to be made meanwhile.
            Thread.sleep(forTimeInterval: 0.01)
            calls.state.withLock {
                $0.paths += files.map(\.path)
                $0.documentFilesPerBatch.append(files.filter { $0.path.hasPrefix("search/d/") }.count)
                $0.writing -= 1
            }
        }
        let state = calls.state.withLock { $0 }
        // 625 document files of 32 documents, in batches of `documentBatch` documents: 512 files, then the rest.
        #expect(state.documentFilesPerBatch.filter { $0 > 0 } == [512, 113])
        #expect(state.batches > 2)
        #expect(state.overlaps == 0)
        #expect(state.takeOvers == previous.count)
        #expect(state.takenOverWhileWriting == 0)
        #expect(state.writing == 0)
        #expect(state.paths.count == statistics.files)
        let documents = state.paths.compactMap { path -> Int? in
            guard path.hasPrefix("search/d/") else { return nil }
            return Int(path.dropFirst("search/d/".count).dropLast(3))
        }
        #expect(documents == Array(0..<documents.count))
        #expect(documents.count == (20_000 + 31) / 32)
        #expect(state.paths.last == "search/index.js")
    }

    struct DiskFull: Error, Equatable {}

    @Test func aBatchThatCannotBeWrittenIsTheError() {
        var builder = SearchIndexBuilder(parts: Self.parts())
        let calls = Calls()
        #expect(throws: DiskFull()) {
            try builder.write(timeZone: "UTC", locale: "en-GB", reuse: nil) { _ in
                calls.state.withLock { $0.batches += 1 }
                throw DiskFull()
            }
        }
        // Nothing is written after the batch that failed.
        #expect(calls.state.withLock { $0.batches } == 1)
    }
}
