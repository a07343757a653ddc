import Foundation
import Synchronization
import Testing
import TranscriptTestSupport

@testable import TranscriptSearch

/// A finished part moved out of memory (`SearchConversationPart.moveOut(to:)`) reads the same, makes the same index,
/// and the index hands back the pages of it that it read.
@Suite struct SearchMovedOutPartsTests {
    /// Two conversations, the second with texts beyond ASCII, kinds, senders and one without a sender.
    static func parts() -> [SearchConversationPart] {
        let alpha = (0..<6000).map { (number: Int) -> SearchIndexUpdateTests.Message in
            let kinds: SearchKinds = number % 7 == 0 ? [.photo] : []
            let sender = number % 3 == 0 ? "Ann" : "Bob"
            return SearchIndexUpdateTests.Message(
                seconds: Int64(number) * 10, sender: sender, text: "hello number \(number) of alpha", kinds: kinds)
        }
        let beta = (0..<2500).map { (number: Int) -> SearchIndexUpdateTests.Message in
            let sender: String? = number % 11 == 0 ? nil : "Zoë"
            return SearchIndexUpdateTests.Message(
                seconds: Int64(number) * 25 + 5, sender: sender, text: "Grüße \(number + 9000) 東京 notes 👍")
        }
        return [SearchIndexUpdateTests.part("Alpha", alpha), SearchIndexUpdateTests.part("Beta", beta)]
    }

    @Test func aMovedOutListReadsAsItWasHeld() throws {
        let folder = try TestSupport.temporaryFolder().path
        for held in Self.parts() {
            var moved = held
            try moved.moveOut(to: folder)
            #expect(moved.documents.isMovedOut && moved.postings.isMovedOut)
            #expect(!held.documents.isMovedOut && !held.postings.isMovedOut)
            #expect(moved.documents.textBytesInMemory == 0)
            #expect(moved.documents == held.documents)
            #expect(moved.postings == held.postings)
            for position in held.documents.indices {
                #expect(moved.documents[position] == held.documents[position])
                #expect(moved.documents.pageNumber(at: position) == held.documents.pageNumber(at: position))
                #expect(moved.documents.senderNumber(at: position) == held.documents.senderNumber(at: position))
            }
            // Pages handed back read again from the file.
            moved.documents.releaseMovedOutPages()
            _ = moved.postings.window(0..<moved.postings.count)
            #expect(moved.postings.dictionary == held.postings.dictionary)
            #expect(Array(moved.documents) == Array(held.documents))
        }
    }

    @Test func anEmptyPartMovesOutAsNothing() throws {
        let folder = try TestSupport.temporaryFolder().path
        var part = SearchConversationPart(title: "Empty", url: "c/empty/")
        try part.moveOut(to: folder)
        #expect(part.documents.isEmpty && part.postings.isEmpty)
        part.documents.releaseMovedOutPages()
    }

    @Test func theIndexOfMovedOutPartsIsTheIndexOfPartsHeld() throws {
        let folder = try TestSupport.temporaryFolder().path
        let held = Self.parts()
        var moved = held
        for number in moved.indices { try moved[number].moveOut(to: folder) }
        func files(of parts: [SearchConversationPart]) throws -> [String: String] {
            var files: [String: String] = [:]
            var builder = SearchIndexBuilder(parts: parts)
            _ = try builder.write(timeZone: "UTC", locale: "en-GB") { files[$0] = $1 }
            return files
        }
        let expected = try files(of: held)
        #expect(expected.count > 5)
        #expect(try files(of: moved) == expected)
    }

    #if os(Linux)
    /// Once the index is written, the pages of the moved-out parts it read are no longer in memory.
    @Test func theIndexHandsBackThePagesItRead() throws {
        let folder = try TestSupport.temporaryFolder().path
        let words = String(repeating: "lorem ipsum dolor ", count: 4)
        var parts = try ["Alpha", "Beta"].enumerated().map { offset, title in
            var part = SearchIndexUpdateTests.part(title, (0..<40_000).map {
                SearchIndexUpdateTests.Message(seconds: Int64($0) * 10 + Int64(offset), sender: "Ann", text: "\(title) \($0) " + words)
            })
            try part.moveOut(to: folder)
            return part
        }
        var builder = SearchIndexBuilder(parts: parts)
        parts = []
        // Read whole, the parts' numbers and postings fill 1.5 MiB and more of pages.
        let resident = Mutex<[Int]>([])
        _ = try builder.write(timeZone: "UTC", locale: "en-GB", reuse: nil) { _ in
            resident.withLock { $0.append(SearchIndexSpilledTextsTests.residentKiB(ofFilesIn: folder)) }
        }
        let whileWriting = resident.withLock { $0 }
        #expect(whileWriting.count > 2)
        #expect(SearchIndexSpilledTextsTests.residentKiB(ofFilesIn: folder) < 96)
        withExtendedLifetime(builder) {}
    }

    /// The passes over every document in date order (numbering them, finding each month's first) hand back the
    /// pages they read as they go.
    @Test func thePassesInDateOrderHandBackWhatTheyRead() throws {
        let folder = try TestSupport.temporaryFolder().path
        let parts = try ["Alpha", "Beta", "Gamma"].enumerated().map { offset, title in
            var part = SearchIndexUpdateTests.part(title, (0..<150_000).map {
                SearchIndexUpdateTests.Message(seconds: Int64($0) * 60 + Int64(offset), sender: "Ann", text: "w\($0 % 50)")
            })
            try part.moveOut(to: folder)
            return part
        }
        let order = SearchIndexBuilder.mergedOrder(parts)
        #expect(order.count == 450_000)
        // Their dates alone are 3.4 MiB.
        #expect(SearchIndexSpilledTextsTests.residentKiB(ofFilesIn: folder) < 512)
        let months = SearchIndexBuilder.firstDocumentOfEachMonth(order: order, documentLists: parts.map(\.documents))
        #expect(months.map(\.first) == [0])
        #expect(SearchIndexSpilledTextsTests.residentKiB(ofFilesIn: folder) < 512)
    }
    #endif
}
