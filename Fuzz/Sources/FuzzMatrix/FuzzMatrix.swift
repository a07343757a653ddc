import Foundation
import FuzzSupport

/// libFuzzer's entry point: an Element (Matrix) JSON room export.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzImport.run(MatrixImporter(), input: Data(fuzzInput: data, size), at: "room.json")
}
