import Foundation
import Testing

@testable import TranscriptDisplay
@testable import TranscriptImport
@testable import TranscriptSite

@Suite struct ConfigurationTests {
    @Test func readsEveryKey() throws {
        let config = try ConfigurationLoader.parse(
            """
            title: My chats
            description: Old conversations
            me: [alice, "+49 170 1234"]
            timeZone: America/New_York
            locale: de_DE
            inputs: exports
            output: site
            dateHeaderInterval: 1h30m
            """, displayPath: "transcripts.yml")
        #expect(config.title == "My chats")
        #expect(config.description == "Old conversations")
        #expect(config.me == ["alice", "+49 170 1234"])
        #expect(config.timeZone.identifier == "America/New_York")
        #expect(config.locale.identifier == "de_DE")
        #expect(config.language == "de")
        #expect(config.inputs == ["exports"])
        #expect(config.output == "site")
        #expect(config.dateHeaderInterval == 5400)
    }

    @Test func anEmptyFileMeansDefaults() throws {
        let config = try ConfigurationLoader.parse("", displayPath: "transcripts.yml")
        #expect(config == SiteConfiguration())
        #expect(config.dateHeaderInterval == 3600)
        #expect(config.timeZone.secondsFromGMT(for: Date()) == 0)
    }

    @Test(arguments: [
        ("titel: x", "at titel: unknown key \"titel\""),
        ("timeZone: Mars/Olympus", "at timeZone: \"Mars/Olympus\" is not a time zone name"),
        ("locale: xx_YY", "at locale: \"xx_YY\" is not a known locale"),
        ("dateHeaderInterval: soon", "at dateHeaderInterval: \"soon\" is not a duration"),
        ("dateHeaderInterval: -5", "at dateHeaderInterval: a duration cannot be negative"),
        ("title: [unclosed", "not valid YAML"),
    ])
    func badValuesNameTheFileAndKey(text: String, expected: String) {
        do {
            _ = try ConfigurationLoader.parse(text, displayPath: "site/transcripts.yml")
            Issue.record("expected an error")
        } catch {
            let description = String(describing: error)
            #expect(description.hasPrefix("site/transcripts.yml: "), "\(description)")
            #expect(description.contains(expected), "\(description)")
        }
    }

    @Test(arguments: [("45s", 45.0), ("90m", 5400), ("2d", 172_800), ("1h30m", 5400), ("600", 600)])
    func durations(text: String, seconds: Double) {
        #expect(DurationSetting.parse(text) == seconds)
    }
}
