import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport
@testable import TranscriptJSON
@testable import TranscriptModel
@testable import TranscriptSupport

@Suite struct CanonicalReaderTests {
    let reader = CanonicalReader(defaultTimeZone: TimeZone(identifier: "Europe/Berlin")!)

    static let documented: [URL] = {
        let folders = ["docs/examples", "Site/conversations"].map { TestSupport.packageFolder.appendingPathComponent($0) }
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter(CanonicalReader.canRead).sorted { $0.path < $1.path }
        }
    }()

    @Test(arguments: documented)
    func readsTheDocumentedExamplesAndTheDemo(file: URL) throws {
        let conversation = try reader.read(file, displayPath: file.lastPathComponent)
        #expect(!conversation.messages.isEmpty)
        #expect(!conversation.title.isEmpty)
    }

    @Test func everyKindExampleHoldsEveryKind() throws {
        let file = TestSupport.packageFolder.appendingPathComponent("docs/examples/every-kind.json")
        let kinds = Set(try reader.read(file, displayPath: "every-kind.json").messages.map(\.kind.typeName))
        #expect(kinds == Set(MessageKind.typeNames))
    }

    @Test func theDemoHasWhatTheIssueAsksFor() throws {
        let files = Self.documented.filter { $0.path.contains("Site/conversations") }
        let conversations = try files.map { try reader.read($0, displayPath: $0.lastPathComponent) }
        #expect(conversations.contains { $0.kind == .group && Set($0.messages.map { ISO8601Text.format($0.date, utcOffset: 3600).prefix(10) }).count >= 3 })
        #expect(conversations.contains { $0.kind == .direct })
        let messages = conversations.flatMap(\.messages)
        #expect(messages.contains { if case .markdown = $0.kind { true } else { false } })
        #expect(messages.contains { if case .photo = $0.kind { true } else { false } })
        #expect(messages.contains { if case .system = $0.kind { true } else { false } })
        #expect(messages.contains { $0.replyTo != nil })
        let texts = messages.compactMap { message -> String? in
            switch message.kind {
            case .text(let text), .markdown(let text): text
            default: nil
            }
        }
        #expect(texts.contains { $0.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) } }, "Arabic")
        #expect(texts.contains { $0.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) } }, "Hebrew")
        #expect(texts.contains { $0.unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) } }, "CJK")
        #expect(texts.contains { $0.contains("https://") })
    }

    @Test func aMessagesAppIsReadAndWrittenBack() throws {
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("together.json")
        try #"{"id": "q", "messages": [{"id": "whatsapp-1", "date": 0, "text": "x", "app": "WhatsApp"}, {"id": "2", "date": 1, "text": "y"}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let messages = try reader.read(file, displayPath: "together.json").messages
        #expect(messages.map(\.app) == ["WhatsApp", nil])
        let written = String(decoding: try JSONEncoder().encode(messages[0]), as: UTF8.self)
        #expect(written.contains(#""app":"WhatsApp""#))
        #expect(!String(decoding: try JSONEncoder().encode(messages[1]), as: UTF8.self).contains("app"))
    }

    @Test func aJSONLinesFileMustStartWithTheConversation() throws {
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("x.jsonl")
        try "\n\n{\"id\": \"c\", \"messages\": [{\"id\": 1, \"date\": 0, \"text\": \"x\"}]}\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: TranscriptsError(file: "x.jsonl", line: 3, message: "in a .jsonl file the first line holds the conversation without \"messages\"; each message goes on its own line")) {
            try reader.read(file, displayPath: "x.jsonl")
        }
        try "".write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: TranscriptsError.self) { try reader.read(file, displayPath: "x.jsonl") }
    }

    /// A big conversation, read with its messages on all cores, is the one read whole, mistakes included.
    @Test func aBigConversationIsReadInParallelWithTheSameResult() throws {
        let messages = (0..<3000).map { number in
            number % 7 == 0
                ? #"{"id": "\#(number)", "sender": "ann", "date": "2024-05-01T10:00:00Z", "type": "photo", "photo": {"file": "p\#(number).jpg", "caption": "n° \#(number)"}}"#
                : #"{"id": "\#(number)", "sender": "me", "date": 1714557600, "text": "hello \#(number) \u00e9"}"#
        }
        func document(_ messages: [String]) -> String {
            "\u{FEFF}{\"format\": \"transcripts/1\", \"id\": \"big\", \"title\": \"Big\",\n \"participants\": [{\"id\": \"ann\", \"name\": \"Ann\"}],\n \"messages\": [\n"
                + messages.joined(separator: ",\n") + "\n]}\n"
        }
        let bytes = Array(document(messages).utf8)
        let context = JSONDecodingContext(defaultTimeZone: TimeZone(identifier: "Europe/Berlin")!)
        let parallel = try bytes.withUnsafeBufferPointer { try ParallelConversationReader(bytes: $0, context: context).read() }
        let whole = try bytes.withUnsafeBufferPointer { try Conversation(json: try JSONParser.parse($0), path: [], context: context) }
        #expect(try #require(parallel).conversation == whole)
        #expect(whole.messages.count == 3000)
        // A digest of each message's bytes, for the build cache: equal messages, equal digests.
        let digests = try #require(parallel).messageDigests
        #expect(digests.count == 3000 && Set(digests).count == 3000)

        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("big.json")
        // A mapping mistake: the first one, with its path, as a whole read reports it.
        var broken = messages
        broken[2500] = #"{"id": "2500", "date": "yesterday", "text": "x"}"#
        broken[2900] = #"{"id": "2900", "text": "no date"}"#
        try document(broken).write(to: file, atomically: true, encoding: .utf8)
        let error = try #require(throws: TranscriptsError.self) { try reader.read(file, displayPath: "big.json") }
        #expect(error.description.contains("messages[2500].date"), "\(error)")
        // A syntax mistake: its line, as a whole read reports it (the parallel reader leaves it to that).
        broken = messages
        broken[1200] = #"{"id": "1200", "date": 1, "text": "x",}"#
        broken[100] = #"{"id": "100", "date": "nope", "text": "x"}"#
        try document(broken).write(to: file, atomically: true, encoding: .utf8)
        let syntax = try #require(throws: TranscriptsError.self) { try reader.read(file, displayPath: "big.json") }
        #expect(syntax.line == 1204, "\(syntax)")
        // A repeated key is left to the whole read too.
        try document(messages).replacingOccurrences(of: #""title": "Big","#, with: #""title": "Big", "title": "Again","#)
            .write(to: file, atomically: true, encoding: .utf8)
        let repeated = try? reader.read(file, displayPath: "big.json")
        let wholeRepeated = try? Conversation(
            json: try JSONParser.parse(try TestSupport.read(file)), path: [], context: context)
        #expect(repeated?.title == wholeRepeated?.title)
    }

    /// What a whole read rejects, the parallel reader leaves to it, so the error is the same.
    @Test func theParallelReaderLeavesDoubtfulDocumentsToTheWholeRead() throws {
        func document(_ tail: String, messagesTail: String = "") -> [UInt8] {
            let messages = (0..<2100).map { #"{"id": "\#($0)", "date": 1714557600, "text": "hi"}"# }
            return Array(("{\"id\": \"big\", \"messages\": [\n" + messages.joined(separator: ",\n") + messagesTail + "\n]" + tail + "}\n").utf8)
        }
        let context = JSONDecodingContext(defaultTimeZone: TimeZone(identifier: "UTC")!)
        func compare(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
            let parallel = Result { try bytes.withUnsafeBufferPointer { try ParallelConversationReader(bytes: $0, context: context).read() } }
            let whole = Result { try bytes.withUnsafeBufferPointer { try Conversation(json: try JSONParser.parse($0), path: [], context: context) } }
            switch (parallel, whole) {
            case (.success(nil), .failure): break
            case (.success(let read?), .success(let expected)): #expect(read.conversation == expected, sourceLocation: sourceLocation)
            case (.failure(let read), .failure(let expected)): #expect("\(read)" == "\(expected)", sourceLocation: sourceLocation)
            default: Issue.record("parallel: \(parallel), whole: \(whole)", sourceLocation: sourceLocation)
            }
        }
        compare(document(""))
        compare(document("", messagesTail: ","))  // a comma after the last message
        compare(document(","))  // a comma after the last member
        // A wrong field of the conversation and a syntax error in a message: the syntax error comes first.
        compare(document(#", "kind": "bogus""#, messagesTail: #",{"id": "x", "date": 1, "text": "x",}"#))
        compare(document(#", "kind": "bogus""#))
        // Nesting counts from the top of the document.
        let deep = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        compare(document("", messagesTail: #",{"id": "x", "date": 1, "text": \#(deep)}"#))
    }
}
