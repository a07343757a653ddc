import Foundation
import FuzzSupport

/// libFuzzer's entry point: a signal-export text file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzImport.run(SignalImporter(), input: Data(fuzzInput: data, size), at: "signal-chat.txt")
}
