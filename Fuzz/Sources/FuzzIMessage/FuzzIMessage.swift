import Foundation
import FuzzSupport

/// libFuzzer's entry point: a message's `attributedBody` (a typedstream blob) in a minimal `chat.db`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzImport.run(IMessageImporter(), input: FuzzMessagesDatabase.database(attributedBody: Data(fuzzInput: data, size)), at: "chat.db")
}
