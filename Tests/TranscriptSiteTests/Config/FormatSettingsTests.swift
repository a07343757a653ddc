import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptSite

@Suite struct FormatSettingsTests {
    /// Dates that are valid in both orders: only the config can tell.
    static let ambiguous = "01/02/2024, 10:00 - Ann: first\n03/04/2024, 11:00 - Bo: second\n"

    func firstDate(config: String) throws -> String {
        let site = try TestSupport.makeSite(
            config: config + "inputs: [chat.txt]\ntimeZone: UTC\n", conversations: [:], extra: ["chat.txt": Self.ambiguous])
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let folder = site.appendingPathComponent("public/c")
        let page = try FileManager.default.contentsOfDirectory(atPath: folder.path).first!
        let html = try TestSupport.conversationHTML(folder.appendingPathComponent(page))
        let start = try #require(html.range(of: "<time datetime=\""))
        return String(html[start.upperBound...].prefix(10))
    }

    @Test func theWhatsAppDateOrderCanBeSet() throws {
        #expect(try firstDate(config: "") == "2024-02-01")
        #expect(try firstDate(config: "formats: {whatsapp: {dateOrder: monthFirst}}\n") == "2024-01-02")
    }

    @Test(arguments: [
        ("formats: {whatsapp: {dateOrder: sideways}}", "at formats.whatsapp.dateOrder: \"sideways\" is not a date order"),
        ("formats: {whatsap: {}}", "at formats.whatsap: unknown key"),
        ("formats: {whatsapp: {order: dayFirst}}", "at formats.whatsapp.order: unknown key"),
        ("formats: {irc: {year: soon}}", "at formats.irc.year: expected a whole number, found the string \"soon\""),
        ("formats: {whatsapp: {dateOrder: [dayFirst]}}", "at formats.whatsapp.dateOrder: expected text, found a list"),
    ])
    func badFormatSettingsNameTheKey(yaml: String, expected: String) {
        do {
            _ = try ConfigurationLoader.parse(yaml, displayPath: "transcripts.yml")
            Issue.record("expected an error")
        } catch {
            #expect(String(describing: error).contains(expected), "\(error)")
        }
    }
}
