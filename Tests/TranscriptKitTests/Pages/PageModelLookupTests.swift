import Foundation
import Mustache
import Testing

@testable import TranscriptDisplay
@testable import TranscriptRender

/// The page models that answer swift-mustache's look-ups themselves answer every stored property, with the
/// value `Mirror` would have given (a property added later without its case would show up here).
@Suite struct PageModelLookupTests {
    func checkEveryProperty(of model: some MustacheParent, sourceLocation: SourceLocation = #_sourceLocation) {
        let mirror = Mirror(reflecting: model)
        #expect(mirror.children.count > 2, sourceLocation: sourceLocation)
        for child in mirror.children {
            let label = try! #require(child.label)
            let reflected = Mirror(reflecting: child.value)
            let expected: Any? = reflected.displayStyle == .optional ? reflected.children.first?.value : child.value
            let answered = model.child(named: label)
            #expect((answered == nil) == (expected == nil), "\(label)", sourceLocation: sourceLocation)
            if let answered, let expected {
                #expect(String(describing: answered) == String(describing: expected), "\(label)", sourceLocation: sourceLocation)
            }
        }
        #expect(model.child(named: "noSuchKey") == nil, sourceLocation: sourceLocation)
    }

    @Test func pageModelsAnswerEveryProperty() {
        let site = SiteContext(siteTitle: "Site", pageTitle: "Page", lang: "de", dir: "ltr", root: "../../", hasSearch: true)
        let link = PageLink(url: "2024-05.html", title: "May 2024", count: "3 messages")
        let findBar = FindBar(
            settings: FindBarSettings(leftStackWidth: CSSLength("10rem")), conversation: 2, senders: ["Ann", "Bob"])
        let page = ConversationPage(
            site: site, title: "Chat", kind: "group", kindLabel: "Group chat", participantNames: "Ann and Bob",
            messageCount: 3, messageCountText: "3 messages", firstDate: "1 May 2024", lastDate: nil, pageLabel: "May 2024",
            pageMessageCount: 3, previous: link, next: nil, hasNeighbours: true, overviewURL: "index.html", looks: [],
            messagesHTML: "<p>hi</p>", feedURL: "feed.xml", findBar: findBar)
        checkEveryProperty(of: site)
        checkEveryProperty(of: link)
        checkEveryProperty(of: PageLink(url: "a.html", title: "A"))
        checkEveryProperty(of: findBar)
        checkEveryProperty(of: page)
    }
}
