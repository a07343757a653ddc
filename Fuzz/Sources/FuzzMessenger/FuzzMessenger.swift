import Foundation
import FuzzSupport

/// libFuzzer's entry point: a Facebook Messenger / Instagram JSON file (`message_1.json`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzImport.run(MessengerImporter(), input: Data(fuzzInput: data, size), at: "message_1.json")
}
