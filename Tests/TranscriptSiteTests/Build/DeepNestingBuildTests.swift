import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// Resource bounds (issue 15): a build of an export nested 100,000 deep fails with the file and line, not a crash.
@Suite struct DeepNestingBuildTests {
    static let depth = 100_000

    @Test func aBuildOfAnExportNestedTooDeeplyFailsWithItsFileAndLine() throws {
        let nested = String(repeating: "[", count: Self.depth) + String(repeating: "]", count: Self.depth)
        let telegram = """
            {"name": "Deep", "type": "personal_chat", "id": 1, "messages": [
             {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "date_unixtime": "1704103200",
              "from": "Ann", "from_id": "user1", "text": \(nested)}
            ]}
            """
        let canonical = """
            {"id": "deep", "title": "Deep", "messages": [
              {"id": "1", "date": "2024-01-01T10:00:00Z", "text": "hi", "custom": \(nested)}
            ]}
            """
        for (name, json, expected) in [
            ("result.json", telegram, "result.json:3:555: at messages[0].text[0][0][0][0][0][0][0]… (502 levels deeper): invalid JSON at byte offset 711: nested too deeply"),
            ("deep.json", canonical, "deep.json:2:580: at messages[0].custom[0][0][0][0][0][0][0]… (502 levels deeper): invalid JSON at byte offset 625: nested too deeply"),
        ] {
            let site = try TestSupport.makeSite(conversations: [:], extra: [name: json], name: "deep-" + name)
            var options = BuildOptions(site: site)
            options.inputs = [site.appendingPathComponent(name).path]
            let error = try #require(throws: TranscriptsError.self) { try SiteBuilder(options: options).build() }
            #expect(error.description.hasSuffix(expected), "\(error.description)")
            #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
        }
    }
}
