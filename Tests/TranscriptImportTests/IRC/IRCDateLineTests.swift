import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport

/// irssi's `--- ` date lines whose date cannot be read, and years no calendar arithmetic should meet.
@Suite struct IRCDateLineTests {
    static let context = ImportContext(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    /// Reads `bytes` as `name`: the conversation and the warnings.
    func read(_ bytes: [UInt8], name: String = "#pov.log", test: String = #function) throws -> (Conversation, [String]) {
        let folder = try TestSupport.temporaryFolder(test)
        try Data(bytes).write(to: folder.appendingPathComponent(name))
        var result: [ImportedConversation] = []
        try IRCImporter().importConversations(
            from: ExportSource(url: folder.appendingPathComponent(name), displayPath: name), context: Self.context
        ) { result.append($0) }
        return (result[0].conversation, result[0].warnings)
    }

    @Test func aYearBeyond9999IsAWarningAndTheLinesKeepTheDayBefore() throws {
        let (conversation, warnings) = try read(Array("""
            --- Log opened Sat Jan 08 23:34:46 2005
            23:35 <ann> hi
            --- Day changed Sun Jan 09 3634420330452
            00:01 <bo> hey
            --- Day changed Mon Jan 10 20051
            --- Day changed Tue
            00:02 <bo> still the 8th
            """.utf8))
        #expect(conversation.messages.count == 3)
        #expect(conversation.messages.map(\.date.iso8601) == ["2005-01-08T22:35:00Z", "2005-01-07T23:01:00Z", "2005-01-07T23:02:00Z"])
        #expect(warnings == [
            "#pov.log:3: an irssi date line whose date cannot be read (\"--- Day changed Sun Jan 09 3634420330452\"; a month name, a day"
                + " and a year from 1901 to 9999 are expected), so it is left out and the lines after it keep the date before it;"
                + " so are lines 5, 6",
        ])
    }

    @Test func aLongUnreadableDateLineIsShownShortened() throws {
        let line = "--- " + String(repeating: "x", count: 200)
        let (_, warnings) = try read(Array("--- Log opened Sat Jan 08 23:34:46 2005\n\(line)\n23:35 <ann> hi\n".utf8))
        #expect(warnings.count == 1)
        #expect(warnings[0].hasPrefix("#pov.log:2: an irssi date line whose date cannot be read (\"--- " + String(repeating: "x", count: 76) + "…\";"))
    }

    /// The fuzzer's find (the `IRC` target, eleventh pass), kept as it was found: a `--- ` line with a 13-digit
    /// year made the day's seconds overflow `Int` and trapped. Now that line is left out with a warning, and the
    /// irssi line after it has no date: an error naming the line.
    @Test func theFuzzersThirteenDigitYearIsNoTrap() throws {
        let input = "LS0tIExvZyBvcGXuZSBTYXQgSmFuIDA4IDN0IEphbiAwOCAyOjogMzYzNDQyMDMzMDQ1Mgo6IC0hLTAgMjAwNQowMDowYiDfMSDMbyB5YXduYwowMDowMiAtIS3///////9lanQgIyBbYnllXQowMDowMyAtIS1lcnYKLS0tICBkIFN1WzEyOjPDMDkgMDA1Cg=="
        let bytes = try #require(Data(base64Encoded: input))
        #expect(bytes.count == 145)
        do {
            _ = try read(Array(bytes))
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.file == "#pov.log")
            #expect(error.line == 4)
            #expect(error.message.hasPrefix("an irssi line without a date"))
        }
    }

    @Test func aConfiguredYearOutsideTheCalendarIsAnError() throws {
        #expect(throws: ImporterOptionError.self) { _ = try IRCImporter().configured(with: ImporterOptions(["year": .number(99_999_999_999_999)])) }
        #expect(throws: ImporterOptionError.self) { _ = try IRCImporter().configured(with: ImporterOptions(["year": .number(0)])) }
        let configured = try #require(try IRCImporter().configured(with: ImporterOptions(["year": .number(2005)])) as? IRCImporter)
        #expect(configured.year == 2005)
    }
}
