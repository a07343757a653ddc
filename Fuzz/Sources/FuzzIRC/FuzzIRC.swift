import Foundation
import FuzzSupport

/// libFuzzer's entry point: an IRC log (irssi, weechat, supybot, ...).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzImport.run(IRCImporter(), input: Data(fuzzInput: data, size), at: "channel.log")
}
