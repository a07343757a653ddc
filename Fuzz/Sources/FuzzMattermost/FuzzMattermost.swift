import Foundation
import FuzzSupport

/// libFuzzer's entry point: a Mattermost bulk export (JSON Lines).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzImport.run(MattermostImporter(), input: Data(fuzzInput: data, size), at: "export.jsonl")
}
