import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport

/// Google Takeout exports of Google Chat, written as files in the shape Takeout gives them (see
/// docs/formats/google-chat.md for the sources of that shape).
enum GoogleChatTestSupport {
    static let context = ImportContext(timeZone: TimeZone(identifier: "UTC")!)

    static let ann = #"{"name": "Ann Lee", "email": "ann@example.com", "user_type": "Human"}"#
    static let bo = #"{"name": "Bo Berg", "email": "Bo@Example.com", "user_type": "Human"}"#
    static let cy = #"{"name": "Cy Dee", "email": "cy@example.com", "user_type": "Human"}"#

    /// A Takeout folder: `Takeout/Google Chat/Users/User 1/user_info.json` (Ann) and one folder per group
    /// (folder name → (group_info.json, messages.json)), with `extra` files (path under `Google Chat` → text).
    static func takeout(
        _ groups: [String: (info: String, messages: String)], extra: [String: String] = [:], name: String = #function
    ) throws -> URL {
        let folder = try TestSupport.temporaryFolder(name)
        var files = ["Takeout/Google Chat/Users/User 1/user_info.json": #"{"user": \#(ann), "membership_info": []}"#]
        for (group, content) in groups {
            files["Takeout/Google Chat/Groups/\(group)/group_info.json"] = content.info
            files["Takeout/Google Chat/Groups/\(group)/messages.json"] = content.messages
        }
        for (path, text) in extra { files["Takeout/Google Chat/" + path] = text }
        try TestSupport.write(files, in: folder)
        return folder
    }

    /// `{"messages": [...]}` of message objects written as JSON text.
    static func messages(_ messages: [String]) -> String {
        "{\n  \"messages\": [\n" + messages.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    /// Every conversation the importer reads from `url`, with its warnings.
    static func read(_ url: URL, context: ImportContext = context) throws -> [ImportedConversation] {
        var result: [ImportedConversation] = []
        try GoogleChatImporter().importConversations(from: ExportSource(url: url, displayPath: url.lastPathComponent), context: context) {
            result.append($0)
        }
        return result
    }

    /// The error reading `url` throws, as people see it.
    static func error(_ url: URL) -> String? {
        do {
            _ = try read(url)
            return nil
        } catch {
            return TranscriptsError.sentence(for: error)
        }
    }
}
