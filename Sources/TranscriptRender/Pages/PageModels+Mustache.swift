import Mustache

// The models of the pages rendered on every conversation page answer swift-mustache's look-ups directly
// (`MustacheParent`) instead of through `Mirror`, which took a good part of each page frame's time. Each
// answers every stored property by its name (`PageModelLookupTests` checks that against `Mirror`).

extension SiteContext: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "siteTitle": siteTitle
        case "pageTitle": pageTitle
        case "lang": lang
        case "dir": dir
        case "root": root
        case "hasSearch": hasSearch
        default: nil
        }
    }
}

extension ConversationPage: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "site": site
        case "title": title
        case "kind": kind
        case "kindLabel": kindLabel
        case "participantNames": participantNames
        case "messageCount": messageCount
        case "messageCountText": messageCountText
        case "firstDate": firstDate
        case "lastDate": lastDate
        case "pageLabel": pageLabel
        case "pageMessageCount": pageMessageCount
        case "previous": previous
        case "next": next
        case "hasNeighbours": hasNeighbours
        case "overviewURL": overviewURL
        case "looks": looks
        case "messagesHTML": messagesHTML
        case "feedURL": feedURL
        case "findBar": findBar
        default: nil
        }
    }
}

extension FindBar: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "conversation": conversation
        case "senders": senders
        case "showsLeftStack": showsLeftStack
        case "showsRightStack": showsRightStack
        case "barStyle": barStyle
        case "fieldStyle": fieldStyle
        case "leftStackStyle": leftStackStyle
        case "rightStackStyle": rightStackStyle
        case "hasStyle": hasStyle
        default: nil
        }
    }
}

extension PageLink: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "url": url
        case "title": title
        case "count": count
        default: nil
        }
    }
}
