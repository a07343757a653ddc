import Foundation
import FuzzSupport

/// libFuzzer's entry point: a conversation in transcripts' canonical JSON, built into a whole site (`SiteBuilder`,
/// every stage: import, rows through the `message` template, search index, gallery, charts, feed). The importer
/// targets stop once a conversation is read; this one goes on to what renders its messages' texts, names, links,
/// reactions and replies, which no importer target reaches (docs/fuzzing.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let site = FuzzScratch.write([
        "transcripts.yml": Data("title: Fuzz\nme: me\ntimeZone: Europe/Berlin\nlocale: en_GB\n".utf8),
        "conversations/conversation.json": Data(fuzzInput: data, size),
    ])
    do {
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
    } catch {
        FuzzScratch.note(error)
    }
    return 0
}
