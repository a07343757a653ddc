import Foundation
import FuzzSupport

/// libFuzzer's entry point: a conversation in transcripts' canonical JSON Lines (`.jsonl`), read by `CanonicalReader`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let url = FuzzScratch.write(["conversation.jsonl": Data(fuzzInput: data, size)]).appendingPathComponent("conversation.jsonl")
    do { _ = try CanonicalReader(defaultTimeZone: FuzzImport.context.timeZone).read(url, displayPath: "conversation.jsonl") } catch { FuzzScratch.note(error) }
    return 0
}
