import Foundation
import Mustache
import Testing

@testable import TranscriptDisplay
@testable import TranscriptRender
@testable import TranscriptTemplates

/// The page models rendered with swift-mustache answer every stored property from their key tables, with the
/// value `Mirror` would have given (a property added later without its key would show up here).
@Suite struct PageModelLookupTests {
    func checkEveryProperty(of model: some TemplateModel, sourceLocation: SourceLocation = #_sourceLocation) {
        let mirror = Mirror(reflecting: model)
        #expect(mirror.children.count >= 1, sourceLocation: sourceLocation)
        for child in mirror.children {
            let label = try! #require(child.label)
            let reflected = Mirror(reflecting: child.value)
            let expected: Any? = reflected.displayStyle == .optional ? reflected.children.first?.value : child.value
            let answered = TemplateBox(model).child(named: label)
            // The compiled renderer's way: the key's number, then the value by number.
            if case .number(let number) = type(of: TemplateBox(model)).templateKeyResolution(named: label) {
                let byNumber = TemplateBox(model).templateValue(numbered: number)?.mustacheValue
                #expect(String(describing: byNumber) == String(describing: answered), "\(label)", sourceLocation: sourceLocation)
            } else {
                Issue.record("\(label) has no number", sourceLocation: sourceLocation)
            }
            #expect((answered == nil) == (expected == nil), "\(label)", sourceLocation: sourceLocation)
            if let answered, let expected {
                #expect(String(describing: answered) == String(describing: expected), "\(label)", sourceLocation: sourceLocation)
            }
        }
        let keys = Set(type(of: model).TemplateKey.allCases.map(\.rawValue))
        #expect(keys.isSuperset(of: mirror.children.compactMap(\.label)), sourceLocation: sourceLocation)
        #expect(TemplateBox(model).child(named: "noSuchKey") == nil, sourceLocation: sourceLocation)
    }

    @Test func pageModelsAnswerEveryProperty() {
        let site = SiteContext(siteTitle: "Site", pageTitle: "Page", lang: "de", dir: "ltr", root: "../../", hasSearch: true)
        let link = PageLink(url: "2024-05.html", title: "May 2024", count: "3 messages")
        let findBar = FindBar(
            settings: FindBarSettings(leftStackWidth: CSSLength("10rem")), conversation: 2, senders: ["Ann", "Bob"])
        let page = ConversationPage(
            site: site, title: "Chat", kind: "group", kindLabel: "Group chat", participantNames: "Ann and Bob",
            messageCount: 3, messageCountText: "3 messages", firstDate: "1 May 2024", lastDate: nil, pageLabel: "May 2024",
            pageMessageCount: 3, previous: link, next: nil, hasNeighbours: true, overviewURL: "index.html",
            messagesHTML: "<p>hi</p>", feedURL: "feed.xml", findBar: findBar)
        let summary = ConversationSummary(
            title: "Chat", url: "c/chat/", kindLabel: "Group chat", participantNames: "Ann and Bob", participantCount: 2,
            messageCount: 3, messageCountText: "3 messages", firstDate: "1 May 2024", firstISO: "2024-05-01", lastDate: nil,
            lastISO: nil, lastMessage: LastMessage(senderName: "Ann", snippet: "hi"))
        let entry = FeedEntry(
            id: "urn:transcripts:chat:1", title: "Ann: hi", url: "2024-05.html#m-1", published: "2024-05-01T10:00:00Z",
            updated: "2024-05-01T10:00:00Z", authorName: "Ann", bodyHTML: nil, summary: "Text")
        checkEveryProperty(of: site)
        checkEveryProperty(of: link)
        checkEveryProperty(of: PageLink(url: "a.html", title: "A"))
        checkEveryProperty(of: findBar)
        checkEveryProperty(of: page)
        checkEveryProperty(of: summary)
        checkEveryProperty(of: LastMessage(senderName: nil, snippet: "Photo"))
        checkEveryProperty(of: IndexPage(site: site, description: "About", conversations: [], hasConversations: false))
        checkEveryProperty(of: YearLinks(year: "2024", pages: []))
        checkEveryProperty(of: SearchPage(site: site))
        checkEveryProperty(of: LockedPage(site: site, salt: "c2FsdA==", iterations: 600_000, mediaSealed: true, sealed: "AAAA"))
        checkEveryProperty(of: entry)
        checkEveryProperty(of: ConversationFeed(
            id: "urn:transcripts:chat", title: "Chat", subtitle: "The newest", updated: "2024-05-01T10:00:00Z",
            overviewURL: "index.html", entries: []))
    }

    /// Names that share a bucket (same first letter and length) are all found, and only they.
    enum CrowdedKey: String, CaseIterable, Sendable {
        case a, b, ab, ac, ad, abc, abd, é
        case xyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy
    }

    @Test func aKeyIndexFindsEveryKeyAndNoOther() {
        let index = TemplateKeyIndex<CrowdedKey>()
        for key in CrowdedKey.allCases { #expect(index.key(named: key.rawValue) == key) }
        for unknown in ["ae", "abcd", "A", "x", "", "e\u{301}"] { #expect(index.key(named: unknown) == nil) }
    }
}
