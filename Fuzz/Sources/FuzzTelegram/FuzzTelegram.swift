import Foundation
import FuzzSupport

/// libFuzzer's entry point: a Telegram Desktop JSON export (`result.json`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzImport.run(TelegramImporter(), input: Data(fuzzInput: data, size), at: "result.json")
}
