import Foundation
import Testing

import TranscriptDisplay
@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSearch
import TranscriptSupport
@testable import TranscriptTemplates
import TranscriptTestSupport

/// A conversation's search texts moved out of memory while its pages are rendered give the same search part.
@Suite struct DocumentSpillTests {
    @Test func spilledTextsGiveTheSameSearchPart() throws {
        let folder = try TestSupport.temporaryFolder()
        var renderer = try MessagePagesProducerTests.renderer(ConversationPages.standardProducers)
        renderer.documentSpill = folder.path
        renderer.documentSpillFrom = 1
        var pages: [String: String] = [:]
        let output = try renderer.render(
            MessagePagesProducerTests.conversation(), file: "chat.json", url: "c/chat/index.html", root: "../../",
            search: .init(number: 0, folder: "c/chat/"), recordsPages: true, previous: nil
        ) { made in
            for file in made { pages[file.file] = String(decoding: file.parts.joined(), as: UTF8.self) }
        }
        let plain = try MessagePagesProducerTests.render()
        let part = try #require(output.search)
        #expect(part.documents.count == 3)
        #expect(part.documents.textBytesInMemory == 0)
        #expect(part.documents == plain.output.search?.documents)
        #expect(part.postings == plain.output.search?.postings)
        #expect(part.documents[2].text == "Summer")
        #expect(pages == plain.files)
        // The file is gone from the folder: its mapping holds the texts until the part is let go.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
