import Foundation
import FuzzSupport

/// libFuzzer's entry point: a conversation in transcripts' canonical JSON (`.json`), read by `CanonicalReader` and imported.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let url = FuzzScratch.write(["conversation.json": Data(fuzzInput: data, size)]).appendingPathComponent("conversation.json")
    do { _ = try CanonicalReader(defaultTimeZone: FuzzImport.context.timeZone).read(url, displayPath: "conversation.json") } catch { FuzzScratch.note(error) }
    return FuzzImport.run(CanonicalImporter(), input: Data(fuzzInput: data, size), at: "conversation.json")
}
