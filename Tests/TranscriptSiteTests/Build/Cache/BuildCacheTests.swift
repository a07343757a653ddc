import Foundation
import Testing

@testable import TranscriptSite

@Suite struct BuildCacheTests {
    /// The record of a conversation is found among an export's records by the conversation's id and place (its
    /// folder, its number in the search index).
    @Test func aConversationsRecordIsFoundAmongTheExportsRecords() throws {
        func chat(_ name: String, _ id: Int) -> String {
            #" {"name": "\#(name)", "type": "private_group", "id": \#(id), "messages": [{"id": 1, "type": "message", "date": "2024-05-03T09:30:00", "date_unixtime": "1714728600", "from": "Ann", "from_id": "user2", "text": "hi", "text_entities": []}]}"#
        }
        let export = #"{"about": "Telegram", "chats": {"about": "", "list": [\#n"# + ["Alpha", "Beta", "Gamma"].enumerated()
            .map { chat($1, 11 + $0) }.joined(separator: ",\n") + "\n]}}"
        let site = try TestSupport.makeSite(conversations: ["result.json": export])
        defer { try? FileManager.default.removeItem(at: site) }
        try SiteBuilder(options: BuildOptions(site: site)).build()

        let cache = BuildCache(site: site, key: "another build", contentKey: "", output: site.appendingPathComponent("public"), clean: false)
        let folder = site.appendingPathComponent(BuildCache.folderName).appendingPathComponent("records")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(BuildCache.recordSuffix) }
            .map { String($0.dropLast(BuildCache.recordSuffix.count)) }.sorted()
        #expect(names.count == 3)
        let records = names.compactMap { cache.record(named: $0) }
        let gamma = try #require(records.first { $0.title == "Gamma" })
        let found = try #require(cache.record(among: names, id: gamma.id, slug: gamma.slug, searchNumber: gamma.searchNumber))
        #expect(found.record.title == "Gamma")
        #expect(cache.record(among: names, id: gamma.id, slug: gamma.slug + "-moved", searchNumber: gamma.searchNumber) == nil)
        // The other records were read and are not Gamma's: they are not needed to find it again.
        for name in names where name != found.name {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name + BuildCache.recordSuffix))
        }
        #expect(cache.record(among: names, id: gamma.id, slug: gamma.slug, searchNumber: gamma.searchNumber)?.name == found.name)
    }
}
