import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptSearch
@testable import TranscriptSite

@Suite struct SearchIndexBuilderTests {
    /// Builds a site of two conversations whose messages interleave in time.
    func build(config: String = "title: Test\nme: me\ntimeZone: UTC\n", name: String = #function) throws -> URL {
        let site = try TestSupport.makeSite(
            config: config,
            conversations: [
                "a.json": TestSupport.conversation(id: "a", title: "Alpha", messages: [
                    #"{"id": "1", "sender": "ann", "date": "2024-05-01T10:00:00Z", "text": "Coffee at noon?"}"#,
                    #"{"id": "2", "sender": "me", "date": "2024-06-01T10:00:00Z", "type": "photo", "photo": {"file": "beach.png", "caption": "Caffè latte"}}"#,
                    #"{"id": "3", "sender": "ann", "date": "2024-06-03T10:00:00Z", "type": "markdown", "markdown": "see [the docs](https://example.com)"}"#,
                ]),
                "b.json": TestSupport.conversation(id: "b", title: "Beta", messages: [
                    #"{"id": "x", "sender": "ann", "date": "2024-05-02T10:00:00Z", "text": "coffee coffee COFFEE"}"#,
                    #"{"id": "y", "date": "2024-06-02T10:00:00Z", "type": "system", "system": {"event": "join", "text": "Ann joined"}}"#,
                ]),
            ], name: name)
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        return site.appendingPathComponent("public")
    }

    func read(_ output: URL, _ path: String) throws -> String {
        try TestSupport.read(output.appendingPathComponent("search/" + path))
    }

    @Test func documentsAreNumberedInDateOrderOverAllConversations() throws {
        let output = try build()
        let file = Array(try read(output, "d/0.js").utf8)
        // The file hands over its JSON deflated, in Z85.
        #expect(file.starts(with: Array(#"transcriptsIndex("d/0",""#.utf8)))
        let payload = try #require(SearchIndexFormat.payload(of: file, name: "d/0"))
        #expect(payload.dropFirst().dropLast().allSatisfy(Z85.alphabet.contains))
        let json = try #require(SearchIndexFormat.unpackedDocuments(payload))
        // Columns: conversations, people, times (as steps), pages, anchors (m-2 and m-3 as steps from their
        // conversation's anchor before), kinds, cut flags, texts.
        #expect(String(decoding: json, as: UTF8.self) == """
            [[0,1,0,1,0],[0,0,1,-1,0],[1714557600,86400,2592000,86400,86400],\
            ["2024-05","2024-05","2024-06","2024-06","2024-06"],["m-1","m-x",1,"m-y",1],[0,0,1,512,16],[0,0,0,0,0],\
            ["Coffee at noon?","coffee coffee COFFEE","Caffè latte\\nbeach.png","Ann joined","see the docs"]]
            """)
    }

    @Test func theManifestListsConversationsPeopleMonthsAndTermFiles() throws {
        let output = try build()
        let manifest = try read(output, "index.js")
        #expect(manifest == """
            transcriptsIndex("index",{"version":3,"documents":5,"blockSize":8192,"documentChunk":32,"timeZone":"GMT","locale":"en-US",\
            "conversations":[{"title":"Alpha","url":"c/a/"},{"title":"Beta","url":"c/b/"}],"people":["Ann","Me"],\
            "kinds":["photo","video","audio","file","link","sticker","location","poll","contact","event"],\
            "months":[["2024-05",0],["2024-06",2]],"termFiles":["ann"]});

            """)
        #expect(try read(output, "c/0.js") == "transcriptsIndex(\"c/0\",[[\"2024-05\",0],[\"2024-06\",2]]);\n")
        #expect(try read(output, "c/1.js") == "transcriptsIndex(\"c/1\",[[\"2024-05\",1],[\"2024-06\",3]]);\n")
    }

    @Test func termsAreFoldedSortedAndCarryTheirDocumentsWithWeights() throws {
        let output = try build()
        let terms = try read(output, "t/0.js")
        func entry(_ term: String) -> String? {
            terms.components(separatedBy: "],[").first { $0.hasPrefix("\"\(term)\",") || $0.hasPrefix("[\"\(term)\",") }
        }
        // "coffee" in documents 0 and 1, both short messages, so both weigh the most.
        let coffee = try #require(entry("coffee"))
        let postings = String(coffee.split(separator: ",")[2].dropFirst().dropLast())
        #expect(PostingCoder.decode(postings).map { ($0 >> 2, $0 & 3) }.map { "\($0.0):\($0.1)" } == ["0:3", "1:3"])
        // Diacritics are folded: "Caffè" is "caffe"; file names and link text are words too.
        #expect(entry("caffe") != nil)
        #expect(entry("beach") != nil)
        #expect(entry("docs") != nil)
        // Filters: conversations, people and kinds, as plain document numbers.
        let filters = ["~c0": [0, 2, 4], "~c1": [1, 3], "~p0": [0, 1, 4], "~p1": [2], "~kphoto": [2], "~klink": [4], "~kevent": [3]]
        for (term, documents) in filters {
            let found = try #require(entry(term), "\(term)")
            let text = String(found.split(separator: ",")[2].prefix { $0 != "]" }.dropFirst().dropLast())
            #expect(PostingCoder.decode(text) == documents, "\(term)")
        }
        // Sorted as scripts compare strings (UTF-16 code units).
        let order = terms.components(separatedBy: "],[").map { $0.drop { $0 == "[" || $0 == "\"" || $0 == "(" }.prefix { $0 != "\"" } }
        #expect(order.count > 10)
    }

    @Test func frequentTermsGetPostingBlocksOfTheirOwn() throws {
        let messages = (0..<3000).map { number in
            #"{"id": "\#(number)", "sender": "ann", "date": "2024-05-01T10:\#(String(format: "%02d", number / 60 % 60)):\#(String(format: "%02d", number % 60))Z", "text": "hello number \#(number)"}"#
        }
        let site = try TestSupport.makeSite(
            config: "title: Test\ntimeZone: UTC\npageSize: 100000\n",
            conversations: ["a.json": TestSupport.conversation(id: "a", messages: messages)])
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let output = site.appendingPathComponent("public/search")
        let termFiles = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("t").path)
        let all = try termFiles.map { try TestSupport.read(output.appendingPathComponent("t/" + $0)) }.joined()
        // "hello" is in all 3000 messages: the newest 256 in its entry, the rest in a block listed with its range.
        let entry = try #require(all.firstRange(of: #"["hello",3000,[[0,0,2743,2744]],""#))
        let tail = all[entry.upperBound...].prefix { $0 != "\"" }
        #expect(PostingCoder.decode(String(tail)).map { $0 >> 2 } == Array(2744..<3000))
        let block = try TestSupport.read(output.appendingPathComponent("p/0.js"))
        let text = String(block.split(separator: "\"")[3])
        #expect(PostingCoder.decode(text).map { $0 >> 2 } == Array(0..<2744))
    }

    @Test func aConversationCanBeLeftOutAndSearchTurnedOff() throws {
        let output = try build(config: "title: Test\ntimeZone: UTC\nsearch:\n  exclude: [b]\n")
        let manifest = try read(output, "index.js")
        #expect(manifest.contains(#""documents":3,"#))
        #expect(!manifest.contains("Beta"))
        #expect(!(try TestSupport.read(output.appendingPathComponent("c/b/2024-05.html"))).contains("find-bar"))
        #expect(try TestSupport.read(output.appendingPathComponent("c/a/2024-05.html")).contains(#"<form class="find-bar""#))

        let off = try build(config: "title: Test\ntimeZone: UTC\nsearch:\n  enabled: false\n", name: "off")
        #expect(!FileManager.default.fileExists(atPath: off.appendingPathComponent("search").path))
        #expect(!FileManager.default.fileExists(atPath: off.appendingPathComponent("search.html").path))
        let page = try TestSupport.read(off.appendingPathComponent("c/a/2024-05.html"))
        #expect(!page.contains("find-bar") && !page.contains("site-search"))
    }

    @Test func theFindBarTakesItsMeasuresFromTheConfig() throws {
        let output = try build(config: """
            title: Test
            timeZone: UTC
            findBar:
              padding: 4px 8px
              textViewPadding: 2px
              leftStackWidth: 0
              rightStackWidth: 12rem
            """)
        let page = try TestSupport.read(output.appendingPathComponent("c/a/2024-05.html"))
        let css = try TestSupport.read(output.appendingPathComponent("appearances.css"))
        #expect(css.contains(".find-bar { padding: 4px 8px; }"))
        #expect(css.contains(".find-bar .find-field input { padding: 2px; }"))
        #expect(css.contains(".find-bar .find-right { width: 12rem; }"))
        #expect(!page.contains(#"class="find-left""#))
        #expect(page.contains(#"class="find-right""#))
        #expect(throws: (any Error).self) {
            try ConfigurationLoader.parse("findBar:\n  padding: \"1px; background: url(x)\"\n", displayPath: "t.yml")
        }
        #expect(throws: (any Error).self) { try ConfigurationLoader.parse("search:\n  enable: true\n", displayPath: "t.yml") }
    }

    @Test func theIndexIsTheSameBytesEveryTime() throws {
        let first = try build(name: "first")
        let second = try build(name: "second")
        let files = try FileManager.default.subpathsOfDirectory(atPath: first.appendingPathComponent("search").path).sorted()
        #expect(files.count > 5)
        for file in files where file.hasSuffix(".js") {
            #expect(try read(first, file) == read(second, file), "\(file)")
        }
    }

    /// The first document of each month, in the order the documents are numbered across the parts: pages of
    /// several parts interleaved, runs on one page, a page of an earlier month after a later one, and non-ASCII
    /// names, against comparing every document's month.
    @Test func firstDocumentOfEachMonthFollowsTheOrder() {
        let pages = ["2024-05", "2024-05-2", "2024-06", "2024-04", "2025-01-3", "2024-06-2", "ä024-07"]
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<200 {
            let lists = (0..<3).map { _ in
                SearchDocumentList((0..<Int(generator.next() % 30)).map { _ in
                    SearchDocument(seconds: 0, page: pages[Int(generator.next() % 3 == 0 ? generator.next() % UInt64(pages.count) : 0)], anchor: "m", kinds: [], text: "")
                })
            }
            var order: [(part: Int32, local: Int32)] = []
            var next = [Int](repeating: 0, count: lists.count)
            while let part = (0..<lists.count).filter({ next[$0] < lists[$0].count }).randomElement(using: &generator) {
                for _ in 0..<(1 + Int(generator.next() % 4)) where next[part] < lists[part].count {
                    order.append((Int32(part), Int32(next[part])))
                    next[part] += 1
                }
            }
            var expected: [(month: String, first: Int)] = []
            for (global, entry) in order.enumerated() {
                let month = String(lists[Int(entry.part)].page(at: Int(entry.local)).prefix(7))
                if month > (expected.last?.month ?? "") { expected.append((month, global)) }
            }
            let found = SearchIndexBuilder.firstDocumentOfEachMonth(order: order, documentLists: lists)
            #expect(found.map(\.month) == expected.map(\.month) && found.map(\.first) == expected.map(\.first))
        }
    }
}
