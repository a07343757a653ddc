import Foundation
import FuzzSupport
import TranscriptKit

/// libFuzzer's entry point: a site's own `message` template (Templates/message.mustache), compiled by `TemplateSet`
/// (swift-mustache's parser and the project's own compiled partials) and rendered with a small message row.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: Data(fuzzInput: data, size), as: UTF8.self)
    do {
        let templates = try TemplateSet(overridesFolder: nil, registered: ["message": text])
        _ = try templates.render(["rows": [["id": "m1", "text": "hi", "sender": ["name": "Ann"]]]], template: "message")
    } catch {
        FuzzScratch.note(error)
    }
    return 0
}
