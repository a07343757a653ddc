import Foundation
import FuzzSupport

/// libFuzzer's entry point: a WhatsApp chat text file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzImport.run(WhatsAppImporter(), input: Data(fuzzInput: data, size), at: "WhatsApp Chat with Ann.txt")
}
