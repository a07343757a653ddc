import Foundation
import FuzzSupport

/// libFuzzer's entry point: a page of a Telegram Desktop HTML export (`messages.html` in an export folder).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzImport.run(TelegramHTMLImporter(), input: Data(fuzzInput: data, size), at: "messages.html", export: "")
}
