import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// The side files of a Google Chat export: a group's `group_info.json` (`{"name", "members": [{"name",
/// "email", "user_type"}]}`; direct messages have no name) and the owner's `Users/User …/user_info.json`
/// (`{"user": {"name", "email"}, "membership_info": [...]}`).
enum GoogleChatInfo {
    /// A person as Takeout writes one: `{"name", "email", "user_type"}`, each optional.
    struct Person: Equatable {
        var name: String?
        var email: String?
    }

    /// What `group_info.json` says of a conversation.
    struct Group: Equatable {
        /// The space's name; nil for direct messages.
        var name: String?
        var members: [Person]
    }

    static let context = JSONDecodingContext(defaultTimeZone: nil)

    /// Reads `group_info.json`; a group without one has no name and no members listed. A warning about the
    /// file (bytes that are not UTF-8) is added to `warnings`.
    static func group(at url: URL, displayPath: String, warnings: inout [String]) throws -> Group {
        let group = try ExportJSON.read(url, displayPath: displayPath, warnings: &warnings) { json in
            let object = try JSONObject(json, path: [], context: context)
            var members: [Person] = []
            if let value = object.value("members") {
                guard case .array(let elements) = value else {
                    throw JSONMappingError.expected("a list of members", found: value, at: object.keyPath("members"))
                }
                for (index, element) in elements.enumerated() {
                    members.append(try person(element, path: object.keyPath("members") + [AnyCodingKey(intValue: index)]))
                }
            }
            let name = try object.optionalString("name").flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
            return Group(name: name, members: members)
        }
        return group ?? Group(name: nil, members: [])
    }

    /// The export's owner: the `user` of the first `user_info.json` in the `Users` folder (by folder name). A
    /// warning about a file read (bytes that are not UTF-8) is added to `warnings`.
    static func owner(inUsers folder: URL, displayPath: String, warnings: inout [String]) throws -> Person? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let file = folder.appendingPathComponent(name).appendingPathComponent("user_info.json")
            let display = displayPath + "/" + name + "/user_info.json"
            let owner = try ExportJSON.read(file, displayPath: display, warnings: &warnings) { json -> Person? in
                let object = try JSONObject(json, path: [], context: context)
                guard let user = object.value("user") else { return nil }
                return try person(user, path: object.keyPath("user"))
            }
            if let owner = owner ?? nil { return owner }
        }
        return nil
    }

    /// A person object; its members other than `name` and `email` (`user_type`, ...) are not needed.
    static func person(_ json: JSONValue, path: JSONPath) throws -> Person {
        let object = try JSONObject(json, path: path, context: context)
        return Person(name: try object.optionalString("name"), email: try object.optionalString("email"))
    }
}
