import Foundation
import FuzzSupport

/// libFuzzer's entry point: a channel's day file of a Slack export folder (fixed `channels.json` and `users.json`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzImport.run(
        SlackImporter(), input: Data(fuzzInput: data, size), at: "general/2016-01-14.json",
        files: [
            "channels.json": #"[{"id": "C1", "name": "general", "created": 1452730000, "creator": "U1", "members": ["U1", "U2"]}]"#,
            "users.json": #"[{"id": "U1", "name": "ann", "real_name": "Ann"}, {"id": "U2", "name": "bo", "real_name": "Bo"}]"#,
        ], export: "")
}
