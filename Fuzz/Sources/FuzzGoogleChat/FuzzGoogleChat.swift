import Foundation
import FuzzSupport

/// libFuzzer's entry point: a group's `messages.json` in a Google Takeout folder (fixed `group_info.json` and `user_info.json`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzImport.run(
        GoogleChatImporter(), input: Data(fuzzInput: data, size), at: "Google Chat/Groups/DM abc/messages.json",
        files: [
            "Google Chat/Groups/DM abc/group_info.json":
                #"{"members": [{"name": "Ann", "email": "ann@example.com", "user_type": "Human"}, {"name": "Bo", "email": "bo@example.com", "user_type": "Human"}]}"#,
            "Google Chat/Users/User 1/user_info.json": #"{"user": {"name": "Ann", "email": "ann@example.com", "user_type": "Human"}}"#,
        ], export: "")
}
