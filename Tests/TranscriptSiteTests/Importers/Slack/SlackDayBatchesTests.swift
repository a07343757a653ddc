import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptJSON
@testable import TranscriptModel
@testable import TranscriptSupport

/// Day files read in batches on all cores (`SlackDayBatches`) give what reading them one after another gave: the
/// same messages and ids, mentions named with the names known at each message, participants in the order first
/// seen, warnings in file order and the first error in file order, whatever the batch size.
@Suite struct SlackDayBatchesTests {
    typealias Support = SlackTestSupport

    static let batchSizes = [1, 2, 3, 4, 32]

    static let channels = #"[{"id":"C1","name":"general"}]"#
    static let users = #"[{"id":"U1","name":"ann","real_name":"Ann"}]"#

    /// An export of channel `general` with the day files `2024-01-01.json`, ... holding `days`; a day given as bytes
    /// (not UTF-8) is written as they are.
    static func export(_ days: [String], bytes: [Int: [UInt8]] = [:], name: String = #function) throws -> URL {
        var files = ["users.json": users, "channels.json": channels]
        for (index, day) in days.enumerated() { files[dayName(index)] = day }
        let folder = try Support.export(files, name: name)
        for (index, data) in bytes { try Data(data).write(to: folder.appendingPathComponent(dayName(index))) }
        return folder
    }

    static func dayName(_ index: Int) -> String { "general/2024-01-\(index < 9 ? "0" : "")\(index + 1).json" }

    /// What a reading gave, to compare.
    struct Read: Equatable {
        var messages: [Message]
        var participants: [Participant]
        var warnings: [String]
    }

    static func reader(_ export: URL) throws -> (SlackMessageReader, [SlackDayBatches.Day]) {
        let workspace = try SlackWorkspace.read(export, displayPath: "slack")
        let reader = SlackMessageReader(names: workspace.names, files: SlackFileLocator(root: export, folder: "general"))
        let folder = export.appendingPathComponent("general")
        let days = SlackWorkspace.dayFiles(in: folder).map {
            SlackDayBatches.Day(url: folder.appendingPathComponent($0), displayPath: "slack/general/" + $0)
        }
        return (reader, days)
    }

    static func batched(_ export: URL, batchSize: Int) throws -> Read {
        let (start, days) = try reader(export)
        var reader = start
        var warnings: [String] = []
        try SlackDayBatches(days: days, batchSize: batchSize).read(into: &reader, warnings: &warnings)
        return Read(messages: reader.messages, participants: reader.participants, warnings: warnings)
    }

    /// The importer's loop before batches: each file parsed and each message added, one after another.
    static func serial(_ export: URL) throws -> Read {
        let (start, days) = try reader(export)
        var reader = start
        var warnings: [String] = []
        for day in days {
            let fieldWarnings = try ExportJSON.read(day.url, displayPath: day.displayPath, warnings: &warnings) { json, bytes in
                guard case .array(let elements) = json else {
                    throw TranscriptsError(file: day.displayPath, line: 1, message: "expected a list of messages, found \(json.kindDescription)")
                }
                for (index, element) in elements.enumerated() { try reader.add(element, path: [AnyCodingKey(intValue: index)]) }
                var fieldWarnings = FieldWarnings(file: day.displayPath)
                let scanner = JSONScanner(bytes: bytes)
                for (path, problems) in reader.takeProblems() {
                    fieldWarnings.add(problems, at: path, offset: scanner.offset(of: JSONPath(pathText: path), inDocumentAt: 0))
                }
                return fieldWarnings.warnings(in: bytes)
            }
            warnings += fieldWarnings ?? []
        }
        return Read(messages: reader.messages, participants: reader.participants, warnings: warnings)
    }

    /// The error of reading `export` in batches of each size (the same for all, and the same as read serially).
    static func error(_ export: URL) throws -> TranscriptsError? {
        func failure(_ read: () throws -> Read) -> TranscriptsError? {
            do {
                _ = try read()
                return nil
            } catch {
                return error as? TranscriptsError
            }
        }
        let serial = failure { try Self.serial(export) }
        for size in batchSizes {
            #expect(failure { try batched(export, batchSize: size) } == serial, "batch size \(size)")
        }
        return serial
    }

    /// A mention as the messages' Markdown holds it.
    static func m(_ name: String) -> String { "![\\@\(name)](transcripts:mention)" }

    static let conversation = [
        // 2024-01-01: U7 and B5 are not known yet.
        #"[{"user":"U1","ts":"100.000001","text":"hi <@U7> and <@B5>"},"#
            + #"{"user":"U2","ts":"100.000002","text":"x","reactions":[{"name":"smile","users":["U8","U1"],"count":2}]}]"#,
        // 2024-01-02: U7's profile names U7 in its own message and after it, not before.
        #"[{"user":"U1","ts":"200.000001","text":"before <@U7>"},"#
            + #"{"user":"U7","ts":"200.000002","text":"hello <@U7>","user_profile":{"real_name":"Greta"}},"#
            + #"{"user":"U1","ts":"200.000003","text":"after <@U7>"}]"#,
        // 2024-01-03: a block without a type: a warning.
        #"[{"user":"U1","ts":"300.000001","text":"<@U7> <@B5>","blocks":[{"block_id":"x"}]}]"#,
        // 2024-01-04: the bot B5 named by its username; a ts of 2024-01-01 again.
        #"[{"bot_id":"B5","username":"deploy","ts":"100.000001","text":"deployed"},{"user":"U1","ts":"400.000001","text":"thanks <@B5>"}]"#,
        // 2024-01-05: written as bytes below, with one that is not UTF-8.
        "",
        // 2024-01-06: the same ts a third time.
        #"[{"user":"U1","ts":"100.000001","text":"again"},{"user":"U1","ts":"600.000001","text":"<@U7> <@B5> <@U9>"}]"#,
    ]
    static let notUTF8 = Array(#"[{"user":"U9","ts":"500.000001","text":"caf"#.utf8) + [0xFF]
        + Array(#" <@U9>","blocks":[{"block_id":"y"}]}]"#.utf8)

    @Test func batchesGiveWhatReadingInOrderGives() throws {
        let export = try Self.export(Self.conversation, bytes: [4: Self.notUTF8])
        let serial = try Self.serial(export)
        let m = Self.m
        #expect(serial.messages.map(\.id) == [
            "100.000001", "100.000002", "200.000001", "200.000002", "200.000003", "300.000001", "300.000001-fields",
            "100.000001-dup", "400.000001", "500.000001", "500.000001-fields", "100.000001-dup2", "600.000001",
        ])
        #expect(serial.messages.map { Support.markdown($0) } == [
            "hi \(m("U7")) and \(m("B5"))", "x", "before \(m("U7"))", "hello \(m("Greta"))", "after \(m("Greta"))",
            "\(m("Greta")) \(m("B5"))", nil, "deployed", "thanks \(m("deploy"))", "caf\u{FFFD} \(m("U9"))", nil, "again",
            "\(m("Greta")) \(m("deploy")) \(m("U9"))",
        ])
        #expect(serial.messages.map(\.sender) == ["U1", "U2", "U1", "U7", "U1", "U1", "U1", "B5", "U1", "U9", "U9", "U1", "U1"])
        #expect(serial.participants == [
            Participant(id: "U1", name: "Ann"), Participant(id: "U2", name: "U2"), Participant(id: "U8", name: "U8"),
            Participant(id: "U7", name: "Greta"), Participant(id: "B5", name: "deploy"), Participant(id: "U9", name: "U9"),
        ])
        #expect(serial.warnings.count == 3)
        #expect(serial.warnings[0].hasPrefix("slack/general/2024-01-03.json:1:"))
        #expect(serial.warnings[0].contains("at [0].blocks[0]: "))
        #expect(serial.warnings[1].hasPrefix("slack/general/2024-01-05.json"))
        #expect(serial.warnings[1].contains("UTF-8"))
        #expect(serial.warnings[2].hasPrefix("slack/general/2024-01-05.json:1:"))
        #expect(serial.warnings[2].contains("at [0].blocks[0]: "))
        for size in Self.batchSizes {
            #expect(try Self.batched(export, batchSize: size) == serial, "batch size \(size)")
        }
    }

    /// Through the importer (batches of `SlackDayBatches.defaultBatchSize`): a name learnt in a later batch is not
    /// used by an earlier one, and is by the next.
    @Test func theImporterReadsMoreDaysThanABatch() throws {
        let count = SlackDayBatches.defaultBatchSize + 8
        let learnt = SlackDayBatches.defaultBatchSize + 3
        let days = (0..<count).map { index in
            index == learnt
                ? #"[{"user":"U7","ts":"\#(1000 + index).5","text":"me","user_profile":{"real_name":"Greta"}}]"#
                : #"[{"user":"U1","ts":"\#(1000 + index).5","text":"<@U7>"},{"user":"U1","ts":"1.5","text":"dup"}]"#
        }
        let export = try Self.export(days)
        let conversation = try #require(try Support.conversations(export).first)
        let texts = conversation.messages.filter { !$0.id.hasPrefix("1.5") }.map { Support.markdown($0) }
        #expect(texts == (0..<count).map { $0 == learnt ? "me" : $0 < learnt ? Self.m("U7") : Self.m("Greta") })
        // "1.5" in every file but U7's, made unique in order.
        let dups = conversation.messages.filter { Support.markdown($0) == "dup" }.map(\.id)
        #expect(dups == ["1.5"] + (1..<(count - 1)).map { $0 == 1 ? "1.5-dup" : "1.5-dup\($0)" })
        #expect(conversation.participants == [Participant(id: "U1", name: "Ann"), Participant(id: "U7", name: "Greta")])
        #expect(try Self.batched(export, batchSize: SlackDayBatches.defaultBatchSize).messages == conversation.messages)
    }

    static let good = #"[{"user":"U1","ts":"1.0","text":"a"}]"#
    static let broken = "[{\"user\":\"U1\",\n\"ts\": }]"

    /// A syntax error in an earlier batch is the error, not one in a later batch; alone, the later one is.
    @Test func theFirstSyntaxErrorIsTheError() throws {
        let early = try Self.error(Self.export([Self.good, Self.broken, Self.good, Self.good, Self.broken, Self.good]))
        #expect(early == TranscriptsError(
            file: "slack/general/2024-01-02.json", line: 2, column: 7, path: "[0].ts", message: "invalid JSON at byte offset 21: expected a value"))
        let late = try Self.error(Self.export([Self.good, Self.good, Self.good, Self.good, Self.broken, Self.good]))
        #expect(late == TranscriptsError(
            file: "slack/general/2024-01-05.json", line: 2, column: 7, path: "[0].ts", message: "invalid JSON at byte offset 21: expected a value"))
    }

    /// A bad field of a message's content (read in parallel) comes before a bad head of a later message and a
    /// broken later file; a bad head comes before a bad content of a later message.
    @Test func errorsComeInTheFilesOrder() throws {
        let badReaction = #"{"user":"U1","ts":"2.0","text":"b","reactions":[{"users":[]}]}"#
        let noTS = #"{"user":"U1","text":"c"}"#
        let content = try Self.error(Self.export([Self.good, "[" + [#"{"user":"U1","ts":"1.0","text":"a"}"#, badReaction, noTS].joined(separator: ",") + "]", Self.broken]))
        #expect(content == TranscriptsError(
            file: "slack/general/2024-01-02.json", line: 1, column: 86, path: "[1].reactions[0].name", message: "\"name\" is required but missing"))
        let head = try Self.error(Self.export([Self.good, "[" + [noTS, badReaction].joined(separator: ",") + "]"]))
        #expect(head == TranscriptsError(
            file: "slack/general/2024-01-02.json", line: 1, column: 2, path: "[0].ts", message: "\"ts\" is required but missing"))
        let notAList = try Self.error(Self.export([Self.good, Self.good, #"{"messages":[]}"#, "[" + badReaction + "]"]))
        #expect(notAList == TranscriptsError(file: "slack/general/2024-01-03.json", line: 1, message: "expected a list of messages, found an object"))
    }

    /// A user's profile in a message is only read when the user has no name yet: a bad one is an error only then,
    /// as when the messages were read in order.
    @Test func aBadProfileIsAnErrorOnlyWhileTheUserIsUnnamed() throws {
        let named = #"[{"user":"U7","ts":"1.0","text":"a","user_profile":{"real_name":"Greta"}}]"#
        let badU7 = #"[{"user":"U7","ts":"3.0","text":"c","user_profile":{"real_name":7}}]"#
        let badU6 = #"[{"user":"U6","ts":"4.0","text":"d","user_profile":{"real_name":7}}]"#
        #expect(try Self.error(Self.export([named, Self.good, badU7, Self.good])) == nil)
        let unnamed = try Self.error(Self.export([Self.good, Self.good, badU7, Self.good]))
        #expect(unnamed == TranscriptsError(
            file: "slack/general/2024-01-03.json", line: 1, column: 65, path: "[0].user_profile.real_name",
            message: "expected a string, found the number 7"))
        let later = try Self.error(Self.export([named, Self.good, badU7, badU6, Self.broken]))
        #expect(later?.file == "slack/general/2024-01-04.json")
        #expect(later?.path == "[0].user_profile.real_name")
        // Names learnt before an error are the reader's; the error is still the first one.
        #expect(try Self.error(Self.export([named, badU6, badU7])) == TranscriptsError(
            file: "slack/general/2024-01-02.json", line: 1, column: 65, path: "[0].user_profile.real_name",
            message: "expected a string, found the number 7"))
    }

    /// The timestamp's digits read directly give the Doubles the old reading (split, then two `Double(_:)`) gave.
    @Test func secondsAreTheOldReadingsBitForBit() {
        func old(_ ts: String) -> Double? {
            let parts = ts.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard let whole = parts.first, !whole.isEmpty, whole.count <= 15, whole.allSatisfy(\.isASCII), whole.allSatisfy(\.isNumber),
                  let seconds = Double(whole)
            else { return nil }
            guard parts.count == 2 else { return seconds }
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.allSatisfy(\.isASCII), fraction.allSatisfy(\.isNumber), let value = Double("0." + fraction)
            else { return nil }
            return seconds + value
        }
        var cases = [
            "", ".", "1.", ".5", "1.2.3", "١٢٣", "١.٥", "12a", "+1", "-1", " 1", "1 ", "1e5", "0x10", "1454884927.000002",
            "999999999999999.999999", "999999999999999.9999999999999999999999", "1234567890123456", "123456789012345",
            "0.000000000000000000000001", "12\u{301}.5", "1.\u{301}5", "1.5\u{301}", "0", "000000000000000.000000000000000",
            "1.0000000000000000000000000000000000000000000001", "1454884927.0000021", "1454884927.999999999999999",
            "1454884927.9999999999999999",
        ]
        var random = SeededGenerator(seed: 7)
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(random.next() % 10)) }) }
        for _ in 0..<200_000 {
            let whole = digits(Int(random.next() % 17))
            switch random.next() % 4 {
            case 0: cases.append(whole)
            case 1: cases.append(whole + "." + digits(6))
            case 2: cases.append(whole + "." + digits(Int(random.next() % 26)))
            default: cases.append(String(random.next() % 2_000_000_000) + "." + digits(Int(random.next() % 18)))
            }
        }
        var differing: [String] = []
        for ts in cases where SlackMessageReader.seconds(ts)?.bitPattern != old(ts)?.bitPattern { differing.append(ts) }
        #expect(differing == [])
        #expect(SlackMessageReader.seconds("1454884927.000002") == 1454884927.000002)
    }
}
