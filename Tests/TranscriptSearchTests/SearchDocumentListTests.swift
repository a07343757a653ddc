import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptSearch

@Suite struct SearchDocumentListTests {
    /// Documents with and without a sender, on two pages, with empty, long, escaped and non-Latin texts.
    static let documents: [SearchDocument] = [
        SearchDocument(seconds: 100, sender: "Ann", page: "2024-05", anchor: "m-1", kinds: [.photo], text: "Hello \"there\""),
        SearchDocument(seconds: 100, sender: nil, page: "2024-05", anchor: "m-2", kinds: [.event], text: ""),
        SearchDocument(
            seconds: -5, sender: "Björn with a name longer than fifteen bytes", page: "2024-06", anchor: "m-3", kinds: [],
            text: String(repeating: "long ", count: 48), isCut: true),
        SearchDocument(seconds: 200, sender: "Ann", page: "2024-05-2", anchor: "", kinds: [.link, .file], text: "東京 👍🏽 <b>&</b>"),
        SearchDocument(seconds: 300, sender: "Ann", page: "2024-06", anchor: "m-5", kinds: [.event, .poll], text: "x", isCut: true),
    ]

    @Test func givesBackEveryDocumentAndItsFieldsInPlace() {
        let list = SearchDocumentList(Self.documents)
        #expect(Array(list) == Self.documents)
        #expect(list.senders == ["Ann", "Björn with a name longer than fifteen bytes"])
        for (position, document) in Self.documents.enumerated() {
            #expect(list.seconds(at: position) == document.seconds)
            #expect(list.sender(at: position) == document.sender)
            #expect(list.senderNumber(at: position) == document.sender.map { $0 == "Ann" ? 0 : 1 })
            #expect(list.page(at: position) == document.page)
            #expect(list.kinds(at: position) == document.kinds)
            #expect(list.isCut(at: position) == document.isCut)
            list.withAnchorAndText(at: position) { anchor, text in
                #expect(String(decoding: anchor, as: UTF8.self) == document.anchor)
                #expect(String(decoding: text, as: UTF8.self) == document.text)
            }
        }
    }

    @Test func joinsListsWithTheirOwnSenderAndPageNumbers() {
        var first = SearchDocumentList(Self.documents[2...3])
        let second = SearchDocumentList(Self.documents[0...1] + Self.documents[4...])
        first.append(contentsOf: second)
        let expected = Array(Self.documents[2...3] + Self.documents[0...1] + Self.documents[4...])
        #expect(Array(first) == expected)
        #expect(first.senders == ["Björn with a name longer than fifteen bytes", "Ann"])
        #expect(first == SearchDocumentList(expected))

        var picked = SearchDocumentList()
        for position in [2, 1, 1, 0] { picked.append(second, at: position) }
        #expect(Array(picked) == [Self.documents[4], Self.documents[1], Self.documents[1], Self.documents[0]])
    }

    @Test func textsMovedOutOfMemoryReadTheSame() throws {
        let folder = try TestSupport.temporaryFolder().path
        var list = SearchDocumentList(Self.documents[0...1])
        try list.spillTexts(to: folder)
        #expect(list.textBytesInMemory == 0)
        list.append(contentsOf: SearchDocumentList(Self.documents[2...2]))
        try list.spillTexts(to: folder)
        // Nothing in memory: nothing to move.
        try list.spillTexts(to: folder)
        list.append(contentsOf: SearchDocumentList(Self.documents[3...]))
        #expect(list.textBytesInMemory > 0 && list.textBytesInMemory < list.textBytes)
        #expect(Array(list) == Self.documents)
        #expect(list == SearchDocumentList(Self.documents))
        for position in Self.documents.indices {
            withUnsafePointer(to: list) { pointer in
                SearchDocumentList.withAnchorAndText(of: pointer, at: position) { anchor, text in
                    #expect(String(decoding: anchor, as: UTF8.self) == Self.documents[position].anchor)
                    #expect(String(decoding: text, as: UTF8.self) == Self.documents[position].text)
                }
            }
        }
        // Joined after another list, and picked one by one, they are copied back into memory.
        var joined = SearchDocumentList(Self.documents[4...])
        joined.append(contentsOf: list)
        #expect(Array(joined) == Array(Self.documents[4...] + Self.documents))
        var picked = SearchDocumentList()
        for position in [2, 0] { picked.append(list, at: position) }
        #expect(Array(picked) == [Self.documents[2], Self.documents[0]])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func comparesDocumentsByWhatTheyHold() {
        let list = SearchDocumentList(Self.documents)
        for change in 0..<6 {
            var documents = Self.documents
            switch change {
            case 0: documents[3].text += "!"
            case 1: documents[3].anchor = "m-4"
            case 2: documents[3].sender = nil
            case 3: documents[3].page = "2024-06"
            case 4: documents[3].kinds = [.link]
            default: documents[3].isCut = true
            }
            let other = SearchDocumentList(documents)
            #expect(list != other, "change \(change)")
            #expect(!list.documentEquals(at: 3, other, at: 3), "change \(change)")
            #expect(list.documentEquals(at: 2, other, at: 2), "change \(change)")
        }
        #expect(SearchDocumentList(Self.documents.dropLast()) != list)
    }

    @Test func writesTheSameColumnsInPlaceAsFromADocument() {
        let list = SearchDocumentList(Self.documents)
        var fromDocuments = SearchDocumentColumns(), inPlace = SearchDocumentColumns()
        for (position, document) in Self.documents.enumerated() {
            SearchIndexFormat.appendDocument(document, part: 2, person: 7, to: &fromDocuments)
            SearchIndexFormat.appendDocument(position, of: list, part: 2, person: 7, to: &inPlace)
            #expect(inPlace.json == fromDocuments.json)
        }
        // Times as steps; `m-2` and `m-3` as steps from the anchor before; an empty anchor ends the steps.
        let long = String(repeating: "long ", count: 48)
        #expect(String(decoding: inPlace.json, as: UTF8.self) == """
            [[2,2,2,2,2],[7,7,7,7,7],[100,0,-105,205,100],["2024-05","2024-05","2024-06","2024-05-2","2024-06"],\
            ["m-1",1,1,"","m-5"],[1,512,0,24,640],[0,0,1,0,1],\
            ["Hello \\"there\\"","","\(long)","東京 👍🏽 \\u003cb\\u003e\\u0026\\u003c/b\\u003e","x"]]
            """)
    }

    @Test func numbersAreWrittenAsStringWritesThem() {
        var generator = SeededGenerator(seed: 10)
        var values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, .max, .min, .max - 1, .min + 1, 1_700_000_000, -62_135_596_800]
        for _ in 0..<10_000 {
            values.append(Int64.random(in: .min ... .max, using: &generator) >> Int64.random(in: 0..<63, using: &generator))
        }
        for value in values {
            var bytes: [UInt8] = [0x5B]
            SearchIndexFormat.appendDecimal(value, to: &bytes)
            #expect(bytes == [0x5B] + Array(String(value).utf8))
        }
    }
}
