import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptRender
@testable import TranscriptSite

@Suite struct ConversationFeedTests {
    func build(_ messages: [String], config: String) throws -> URL {
        let site = try TestSupport.makeSite(
            config: config, conversations: ["c.json": TestSupport.conversation(id: "chat/1", title: "Chat <1>", messages: messages)],
            name: "feed-\(config.count)")
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        return site.appendingPathComponent("public/c/" + folders[0])
    }

    @Test func theFeedHoldsTheNewestMessagesNewestFirst() throws {
        let folder = try build([
            #"{"id": "1", "sender": "ann", "date": "2024-04-30T09:30:00Z", "text": "too old for the feed"}"#,
            #"{"id": "2", "sender": "ann", "date": "2024-05-03T09:30:00Z", "type": "markdown", "markdown": "**bold** <b>&\u0001"}"#,
            #"{"id": "3", "sender": "me", "date": "2024-05-03T09:31:00+02:00", "type": "photo", "photo": {"file": "x.png"}, "edited": "2024-05-03T10:00:00+02:00"}"#,
            #"{"id": "a b", "date": "2024-05-03T09:32:00Z", "type": "system", "system": {"event": "join", "text": "Ann joined"}}"#,
        ], config: "title: Site\nfeedSize: 3\ntimeZone: UTC\n")
        let feed = try TestSupport.read(folder.appendingPathComponent("feed.xml"))
        #expect(feed == """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
            <id>urn:transcripts:chat%2F1</id>
            <title>Chat &lt;1&gt;</title>
            <subtitle>The newest messages of Chat &lt;1&gt; · Site</subtitle>
            <updated>2024-05-03T09:32:00Z</updated>
            <link rel="alternate" type="text/html" href="index.html"/>
            <author><name>Chat &lt;1&gt;</name></author>
            <generator>transcripts</generator>
            <entry>
            <id>urn:transcripts:chat%2F1:a%20b</id>
            <title>Ann joined</title>
            <link rel="alternate" type="text/html" href="2024-05.html#m-a_20b"/>
            <published>2024-05-03T09:32:00Z</published>
            <updated>2024-05-03T09:32:00Z</updated>
            <content type="html">&lt;p&gt;Ann joined&lt;/p&gt;
            </content>
            </entry>
            <entry>
            <id>urn:transcripts:chat%2F1:3</id>
            <title>Me: Photo</title>
            <link rel="alternate" type="text/html" href="2024-05.html#m-3"/>
            <published>2024-05-03T09:31:00+02:00</published>
            <updated>2024-05-03T10:00:00+02:00</updated>
            <author><name>Me</name></author>
            <content type="text">Photo</content>
            </entry>
            <entry>
            <id>urn:transcripts:chat%2F1:2</id>
            <title>Ann: bold &lt;b&gt;&amp;</title>
            <link rel="alternate" type="text/html" href="2024-05.html#m-2"/>
            <published>2024-05-03T09:30:00Z</published>
            <updated>2024-05-03T09:30:00Z</updated>
            <author><name>Ann</name></author>
            <content type="html">&lt;p&gt;&lt;strong&gt;bold&lt;/strong&gt; &amp;lt;b&amp;gt;&amp;amp;&lt;/p&gt;
            </content>
            </entry>
            </feed>

            """)
        let page = try TestSupport.read(folder.appendingPathComponent("2024-05.html"))
        #expect(page.contains("<link rel=\"alternate\" type=\"application/atom+xml\" href=\"feed.xml\" title=\"Chat &lt;1&gt; (Atom feed)\">"))
        let overview = try TestSupport.read(folder.appendingPathComponent("index.html"))
        #expect(overview.contains("<p class=\"feed-link\"><a href=\"feed.xml\">Atom feed of the newest messages</a></p>"))
    }

    @Test func feedsCanBeSwitchedOff() throws {
        let folder = try build([#"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "hi"}"#], config: "feeds: false\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("feed.xml").path))
        #expect(!(try TestSupport.read(folder.appendingPathComponent("index.html"))).contains("feed.xml"))
    }

    @Test func aFeedSizeOutOfRangeIsAnError() throws {
        #expect(throws: (any Error).self) {
            _ = try build([], config: "feedSize: 0\n")
        }
    }
}
