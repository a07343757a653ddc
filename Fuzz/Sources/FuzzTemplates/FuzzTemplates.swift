import Foundation
import FuzzSupport

/// libFuzzer's entry point: a site's own `message` template (Templates/message.mustache), compiled by `TemplateSet`
/// (swift-mustache's parser, the outline the recursion checks read and the project's own compiled partials) and
/// rendered with a small message row: by swift-mustache from a dictionary, and as a page model (by the compiled
/// renderer when every template compiles, else by swift-mustache). Both renderers' limits on nesting are on the
/// way: a template that uses what only swift-mustache renders (changed delimiters, transforms) and names itself
/// inside `{{#pinned}}`, which every level finds, would recurse until the stack ran out without them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: Data(fuzzInput: data, size), as: UTF8.self)
    do {
        let templates = try TemplateSet(overridesFolder: nil, registered: ["message": text])
        _ = try templates.render(["rows": [["id": "m1", "text": "hi", "sender": ["name": "Ann"]]]], template: "message")
        _ = try templates.render(FuzzRow(), template: "message")
    } catch {
        FuzzScratch.note(error)
    }
    return 0
}

/// A message row as a page model: a text, a flag, a number, a list and an object.
struct FuzzRow: TemplateModel {
    enum TemplateKey: String, CaseIterable, Sendable {
        case id, text, pinned, count, reactions, sender
    }

    static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .id: .text("m1")
        case .text: .text("hi <b>")
        case .pinned: .flag(true)
        case .count: .number(2)
        case .reactions: .list([TemplateDictionary(["emoji": .text("👍"), "count": .number(1)])])
        case .sender: .object(TemplateDictionary(["name": .text("Ann")]))
        }
    }
}
