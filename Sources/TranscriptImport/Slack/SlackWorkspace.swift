import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// The workspace-wide files of a Slack export: `users.json`, and the conversations of `channels.json`,
/// `groups.json` (private channels), `mpims.json` (group direct messages) and `dms.json`, any of which may be
/// missing or empty. Each conversation's messages are in a folder of day files named by the channel's name
/// (direct messages: by their id).
struct SlackWorkspace: Sendable {
    enum ListKind: Sendable {
        /// `channels.json`, or a folder of day files that no list names.
        case channel
        /// `groups.json`: private channels.
        case privateChannel
        /// `mpims.json`: direct messages between several people.
        case multiPerson
        /// `dms.json`: direct messages between two people.
        case direct
    }

    struct Channel: Sendable {
        package var id: String
        package var name: String?
        var members: [String]
        package var kind: ListKind
        /// The folder of day files, relative to the export.
        package var folder: String
    }

    package var names: SlackNames
    /// Every conversation with a folder of day files: channels, private channels, group and direct messages as
    /// listed, then folders no list names, by name.
    var channels: [Channel]
    /// What reading the workspace's lists had to repair (strings with bytes that are not UTF-8), said with the
    /// first conversation.
    var warnings: [String] = []

    static let listFiles: [(name: String, kind: ListKind)] = [
        ("channels.json", .channel), ("groups.json", .privateChannel), ("mpims.json", .multiPerson), ("dms.json", .direct),
    ]

    /// Reads the lists of the export at `root`; `displayPath` is how errors name the export.
    package static func read(_ root: URL, displayPath: String) throws -> SlackWorkspace {
        var names = SlackNames()
        var warnings: [String] = []
        let context = JSONDecodingContext(defaultTimeZone: nil)
        try ExportJSON.read(root.appendingPathComponent("users.json"), displayPath: displayPath + "/users.json", warnings: &warnings) { users in
            for (index, element) in try list(users).enumerated() {
                let user = try JSONObject(element, path: [AnyCodingKey(intValue: index)], context: context)
                let id = try user.identifier("id")
                let name = try userName(user, context: context) ?? id
                names.users[id] = name
                if let profile = user.value("profile"),
                   let botID = try JSONObject(profile, path: user.keyPath("profile"), context: context).optionalString("bot_id"),
                   names.users[botID] == nil
                {
                    names.users[botID] = name
                }
            }
        }

        var listed: [(id: String, name: String?, members: [String], kind: ListKind)] = []
        for (file, kind) in listFiles {
            try ExportJSON.read(root.appendingPathComponent(file), displayPath: displayPath + "/" + file, warnings: &warnings) { value in
                for (index, element) in try list(value).enumerated() {
                    let channel = try JSONObject(element, path: [AnyCodingKey(intValue: index)], context: context)
                    let id = try channel.identifier("id")
                    let name = try channel.optionalString("name")
                    if let name { names.channels[id] = name }
                    listed.append((id, name, try channel.identifiers("members") ?? [], kind))
                }
            }
        }

        var channels: [Channel] = []
        var usedFolders: Set<String> = []
        var usedIDs: Set<String> = []
        for entry in listed where !usedIDs.contains(entry.id) {
            usedIDs.insert(entry.id)
            let candidates = [entry.name, entry.id].compactMap { $0 }
            guard let folder = candidates.first(where: { !usedFolders.contains($0) && isDayFolder(root, $0) }) else { continue }
            usedFolders.insert(folder)
            channels.append(Channel(id: entry.id, name: entry.name, members: entry.members, kind: entry.kind, folder: folder))
        }
        let children = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for folder in children.sorted() where !usedFolders.contains(folder) && !usedIDs.contains(folder) && isDayFolder(root, folder) {
            channels.append(Channel(id: folder, name: folder, members: [], kind: .channel, folder: folder))
        }
        return SlackWorkspace(names: names, channels: channels, warnings: warnings)
    }

    /// The name Slack shows for a user: the display name, else the real name, else the user name.
    static func userName(_ user: JSONObject, context: JSONDecodingContext) throws -> String? {
        var profile: JSONObject?
        if let value = user.value("profile") { profile = try JSONObject(value, path: user.keyPath("profile"), context: context) }
        let candidates = [
            try profile?.optionalString("display_name"), try user.optionalString("real_name"),
            try profile?.optionalString("real_name"), try user.optionalString("name"), try profile?.optionalString("name"),
        ]
        return candidates.compactMap { $0.map(SlackMrkdwn.trimmed) }.first { !$0.isEmpty }
    }

    private static func list(_ value: JSONValue) throws -> [JSONValue] {
        guard case .array(let elements) = value else { throw JSONMappingError.expected("a list", found: value, at: []) }
        return elements
    }

    /// Whether `root/name` is a folder holding at least one day file.
    private static func isDayFolder(_ root: URL, _ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), name != ".." else { return false }
        return !dayFiles(in: root.appendingPathComponent(name)).isEmpty
    }

    /// The day files of a conversation's folder (`YYYY-MM-DD.json`), in date order.
    static func dayFiles(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter(isDayFileName).sorted()
    }

    static func isDayFileName(_ name: String) -> Bool {
        let characters = Array(name.utf8)
        guard characters.count == 15, name.hasSuffix(".json") else { return false }
        for (index, byte) in characters.prefix(10).enumerated() {
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
            }
        }
        return true
    }
}
