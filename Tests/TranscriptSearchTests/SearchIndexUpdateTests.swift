import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptModel
@testable import TranscriptSearch

/// The index updated in place must be the bytes a full build writes, file for file.
@Suite struct SearchIndexUpdateTests {
    struct Message {
        var seconds: Int64
        var sender: String?
        var text: String
        var kinds: SearchKinds = []
    }

    /// A part made the way the build makes one: documents, and each term's weighted postings.
    static func part(_ title: String, _ messages: [Message]) -> SearchConversationPart {
        let tokenizer = SearchTokenizer()
        var part = SearchConversationPart(title: title, url: "c/\(title.lowercased())/")
        let extracted = messages.enumerated().map { number, message in
            let terms = tokenizer.terms(message.text)
            let postings = SearchExtractor.counted(terms).map {
                SearchExtractor.Posting(term: $0.term, weight: SearchExtractor.weight(count: $0.count, length: Double(terms.count)))
            }
            let document = SearchDocument(
                seconds: message.seconds, sender: message.sender, page: "2024-05", anchor: "m-\(number)", kinds: message.kinds,
                text: message.text)
            return (document, postings)
        }
        part.append(.init(offset: 0, extracted))
        part.pages = [("2024-05", 0)]
        return part
    }

    /// Files (path → text) and state of a full build.
    static func build(_ parts: [SearchConversationPart], keys: [String]) throws
        -> (files: [String: String], statistics: SearchIndexBuilder.Statistics, state: SearchIndexState)
    {
        var builder = SearchIndexBuilder()
        for part in parts { builder.add(part) }
        var files: [String: String] = [:]
        let (statistics, state) = try builder.write(
            timeZone: "UTC", locale: "en-GB", reuse: .init(partKeys: keys, previous: [], takeOver: { _, _ in false })
        ) { path, contents in files[path] = contents }
        return (files, statistics, state)
    }

    /// The previous build's files with the update applied, and the update's result; nil when it could not.
    static func update(
        _ previous: (files: [String: String], statistics: SearchIndexBuilder.Statistics, state: SearchIndexState),
        changes: [SearchIndexUpdate.Change], keys: [String]
    ) throws -> (files: [String: String], result: SearchIndexUpdate.Result)? {
        let update = SearchIndexUpdate(
            previous: previous.state, previousStatistics: previous.statistics, partKeys: keys, changes: changes,
            timeZone: "UTC", locale: "en-GB", read: { previous.files["search/" + $0].map { Array($0.utf8) } })
        guard let result = try update.run() else { return nil }
        var files: [String: String] = [:]
        for path in result.kept { files["search/" + path] = try #require(previous.files["search/" + path], "\(path)") }
        for (path, contents) in result.files {
            #expect(files[path] == nil, "\(path) is written and kept")
            files[path] = contents
        }
        return (files, result)
    }

    /// Three thousand messages of Alpha and five hundred of Beta, interleaved: "hello" and "number" have
    /// posting blocks, the numbers fill many term files.
    static func parts() -> (alpha: [Message], beta: [Message]) {
        let alpha = (0..<3000).map { Message(seconds: Int64($0) * 10, sender: $0 % 3 == 0 ? "Ann" : "Bob", text: "hello number \($0) of alpha") }
        let beta = (0..<500).map { Message(seconds: Int64($0) * 60 + 5, sender: "Cleo", text: "hello number \($0 + 5000) beta notes") }
        return (alpha, beta)
    }

    func check(
        alpha: [Message], beta: [Message], newBeta: [Message], expectUpdate: Bool = true
    ) throws -> SearchIndexUpdate.Result? {
        let old = Self.part("Beta", beta), new = Self.part("Beta", newBeta)
        let previous = try Self.build([Self.part("Alpha", alpha), old], keys: ["a", "b1"])
        let expected = try Self.build([Self.part("Alpha", alpha), new], keys: ["a", "b2"])
        let updated = try Self.update(previous, changes: [.init(number: 1, old: old, new: new)], keys: ["a", "b2"])
        guard expectUpdate else {
            #expect(updated == nil)
            return nil
        }
        let (files, result) = try #require(updated)
        #expect(files.keys.sorted() == expected.files.keys.sorted())
        for (path, contents) in expected.files where files[path] != contents {
            Issue.record("\(path) differs:\n\(files[path] ?? "(missing)")\n---\n\(contents)")
        }
        #expect(result.statistics == expected.statistics)
        #expect(result.state == expected.state)
        return result
    }

    @Test func anEditedTextRewritesOnlyTheFilesItTouches() throws {
        let (alpha, beta) = Self.parts()
        var edited = beta
        edited[10].text = "goodbye brand newword 5010 beta"
        let result = try #require(try check(alpha: alpha, beta: beta, newBeta: edited))
        let written = result.files.map(\.path).sorted()
        // The message's document file, the term files of the words gained and lost, the blocks of "hello"
        // and "number" from the message on, the conversation's pages and the manifest.
        #expect(written.filter { $0.hasPrefix("search/d/") }.count == 1)
        #expect(written.contains("search/index.js"))
        #expect(written.filter { $0.hasPrefix("search/t/") }.count <= 6, "\(written)")
        #expect(result.files.count < 20, "\(written)")
        #expect(result.kept.count > result.files.count)
    }

    @Test func manyNewWordsAddTermFiles() throws {
        let (alpha, beta) = Self.parts()
        var edited = beta
        edited[10].text = (0..<400).map { "brandnew\($0)word" }.joined(separator: " ")
        let result = try #require(try check(alpha: alpha, beta: beta, newBeta: edited))
        #expect(result.state.termFiles > (try Self.build([Self.part("Alpha", alpha), Self.part("Beta", beta)], keys: ["a", "b1"])).state.termFiles)
        // And back: the files it added go again.
        _ = try check(alpha: alpha, beta: edited, newBeta: beta)
    }

    @Test func aWordOnlyOneMessageHadIsTakenOut() throws {
        let (alpha, beta) = Self.parts()
        var edited = beta
        edited[200].text = "hello number beta notes"  // "5200" was only here
        _ = try check(alpha: alpha, beta: beta, newBeta: edited)
    }

    @Test func anotherSenderOrKindMovesTheFilters() throws {
        let (alpha, beta) = Self.parts()
        var twoSenders = beta
        twoSenders[3].sender = "Dan"
        var edited = twoSenders
        edited[3].sender = "Cleo"
        edited[4].sender = "Dan"
        edited[7].kinds = [.photo, .link]
        _ = try check(alpha: alpha, beta: twoSenders, newBeta: edited)
    }

    @Test func whatAnUpdateCannotPromiseIsBuiltWhole() throws {
        let (alpha, beta) = Self.parts()
        // A message more or less, or at another time: the documents are numbered anew.
        _ = try check(alpha: alpha, beta: beta, newBeta: Array(beta.dropLast()), expectUpdate: false)
        var moved = beta
        moved[20].seconds += 1
        _ = try check(alpha: alpha, beta: beta, newBeta: moved, expectUpdate: false)
        // A new sender: the people are numbered anew.
        var newcomer = beta
        newcomer[5].sender = "Eve"
        _ = try check(alpha: alpha, beta: beta, newBeta: newcomer, expectUpdate: false)
        // "hello" drops from blocks into its entry: it is in every message, a character a posting, so about 600
        // postings fit there; with the fewest of Alpha's messages that give it blocks, one message without it
        // takes its blocks away, and the blocks after it are numbered anew.
        let fewest = try #require((80...120).first { count in
            let files = try? Self.build([Self.part("Alpha", Array(alpha.prefix(count))), Self.part("Beta", beta)], keys: ["a", "b1"]).files
            return files?.values.contains { $0.contains("[\"hello\",\(count + 500),[[") } == true
        })
        var withoutHello = beta
        withoutHello[0].text = "number 5000 beta notes"
        _ = try check(alpha: Array(alpha.prefix(fewest)), beta: beta, newBeta: withoutHello, expectUpdate: false)
    }

    @Test func randomEditsGiveTheFullBuildsBytes() throws {
        let (alpha, beta) = Self.parts()
        let words = ["hello", "number", "coffee", "tea", "notes", "beta", "zebra", "aardvark", "mañana", "日本語", "~x", "42", "5000", "émoji 🎉"]
        var generator = SeededGenerator(seed: 7)
        var updates = 0
        for _ in 0..<25 {
            var edited = beta
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<edited.count, using: &generator)
                edited[index].text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
                if Bool.random(using: &generator) { edited[index].kinds = [.file] }
            }
            if try check(alpha: alpha, beta: beta, newBeta: edited) != nil { updates += 1 }
        }
        #expect(updates == 25)
    }
}
