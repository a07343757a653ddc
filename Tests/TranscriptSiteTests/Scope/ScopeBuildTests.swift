import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// Sites of part of an archive (`scope:`): some people's conversations, some conversations, some days.
@Suite struct ScopeBuildTests {
    static let other = #"""
        {"format": "transcripts/1", "id": "book-club", "title": "Book club", "kind": "group",
         "participants": [{"id": "ann", "name": "Ann"}, {"id": "me", "name": "Me"}],
         "messages": [{"id": "b1", "sender": "ann", "date": "2024-06-01T08:00:00Z", "text": "Chapter 3 tonight"}]}
        """#

    func site(_ scope: String, name: String = #function) throws -> URL {
        let config = PeopleBuildTests.config.replacingOccurrences(of: "imessage.json]", with: "imessage.json, other.json]")
        let site = try PeopleBuildTests().site(config: config + scope, name: name)
        try Self.other.write(to: site.appendingPathComponent("other.json"), atomically: true, encoding: .utf8)
        return site
    }

    /// The titles of the conversations the site's index lists.
    func titles(_ site: URL) throws -> [String] {
        let index = try String(contentsOf: site.appendingPathComponent("public/index.html"), encoding: .utf8)
        return index.matches(of: /<h2><a href="c\/[^"]+">([^<]+)<\/a><\/h2>/).map { String($0.output.1) }.sorted()
    }

    func count(_ summary: BuildSummary, _ name: String) -> Int {
        summary.stages.first { $0.name == "read" }?.counts[name] ?? 0
    }

    @Test func aPersonsConversationsOnEveryApp() throws {
        let site = try site("scope: {people: [user5550101]}\n")
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(try titles(site) == ["Quinn Okonkwo", "Quinn Okonkwo", "Quinn Okonkwo"])
        #expect(count(summary, "conversations left out by scope") == 1)
        #expect(summary.warnings.allSatisfy { !$0.contains("scope") })
    }

    @Test func someDaysLeaveOutTheMessagesAndConversationsOutsideThem() throws {
        let site = try site("scope: {from: 2024-01-01, to: 2024-03-01}\n")
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(try titles(site) == ["Quinn Okonkwo"])
        #expect(summary.messagesRendered == 2)
        #expect(count(summary, "messages left out by scope") == 1)
        #expect(count(summary, "conversations left out by scope") == 3)
    }

    @Test func conversationsByTitleWithTheFlagsAndAWarningForWhatMatchesNothing() throws {
        let site = try site("scope: {conversations: [Book club, nonexistent]}\n")
        let summary = try SiteBuilder(options: BuildOptions(
            site: site, scope: ScopeSettings(people: ["Quinn Okonkwo"], from: "2024-06-01"))).build()
        #expect(try titles(site) == ["Book club", "Quinn Okonkwo"].sorted())
        #expect(summary.warnings.filter { $0.contains("scope") } == ["scope.conversations: \"nonexistent\" matches no conversation"])
        // Taken over unread, the same: the matches are in the records.
        let again = try SiteBuilder(options: BuildOptions(
            site: site, scope: ScopeSettings(people: ["Quinn Okonkwo"], from: "2024-06-01"))).build()
        #expect(again.warnings.filter { $0.contains("scope") } == ["scope.conversations: \"nonexistent\" matches no conversation"])
        #expect(again.conversationsReused == 2)
    }

    @Test func aDayThatIsNoDayIsAnErrorNamingTheKey() throws {
        let site = try site("scope: {from: 2024-02-30}\n")
        let error = try #require(throws: TranscriptsError.self) { try SiteBuilder(options: BuildOptions(site: site)).build() }
        #expect(error.description.contains("scope.from"))
        #expect(error.description.contains("\"2024-02-30\" is not a day (YYYY-MM-DD)"))
    }
}
