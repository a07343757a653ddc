import Foundation
import FuzzSupport

/// libFuzzer's entry point: a DiscordChatExporter JSON file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzImport.run(DiscordImporter(), input: Data(fuzzInput: data, size), at: "channel.json")
}
