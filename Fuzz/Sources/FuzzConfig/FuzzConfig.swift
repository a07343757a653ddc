import Foundation
import FuzzSupport

/// libFuzzer's entry point: the text of `transcripts.yml`, parsed by `ConfigurationLoader`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    do {
        _ = try ConfigurationLoader.parse(String(decoding: Data(fuzzInput: data, size), as: UTF8.self), displayPath: "transcripts.yml")
    } catch {
        FuzzScratch.note(error)
    }
    return 0
}
