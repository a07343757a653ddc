import Foundation
import FuzzSupport

/// libFuzzer's entry point: any JSON file, through format detection (the shared probe, every importer asked) and the importer it picks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let url = FuzzScratch.write(["export.json": Data(fuzzInput: data, size)]).appendingPathComponent("export.json")
    guard let importer = ImporterRegistry.builtIn.detect(ExportProbe(url)) else { return 0 }
    return FuzzImport.run(importer, input: Data(fuzzInput: data, size), at: "export.json")
}
