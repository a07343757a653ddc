import Foundation

/// Where the parts of a Google Takeout export of Google Chat are, from whichever folder the user named:
///
/// ```
/// Takeout/                          the Takeout folder (or the folder a Takeout zip unpacks into)
///   Google Chat/                    the Google Chat folder
///     Groups/
///       DM k6oxHQAAAAE/             a group folder: group_info.json, messages.json, the attached files
///       Space AAAAFyOfy4w/
///     Users/
///       User 1234567890/user_info.json
/// ```
///
/// Any of these folders can be given, and so can `Groups`, one group folder or its `messages.json`. Only the
/// folders' names and files are looked at, never what the messages say.
struct GoogleChatLayout: Equatable {
    /// One conversation's folder, and how errors name it.
    struct Group: Equatable {
        var folder: URL
        var displayPath: String
    }

    /// The group folders, sorted by name.
    var groups: [Group]
    /// The `Users` folder, when the export has one.
    var users: URL?
    /// How errors name the `Users` folder.
    var usersDisplayPath: String?

    static let chatFolderName = "Google Chat"

    /// The layout of the export at `url` (shown as `displayPath`), or nil when it is not a Google Chat export.
    static func find(_ url: URL, displayPath: String) -> GoogleChatLayout? {
        guard isFolder(url) else {
            // `messages.json` of a group folder.
            guard url.lastPathComponent == "messages.json", isGroupFolder(url.deletingLastPathComponent()) else { return nil }
            let folder = url.deletingLastPathComponent()
            let display = displayPath.hasSuffix("/messages.json") ? String(displayPath.dropLast("/messages.json".count)) : folder.lastPathComponent
            return GoogleChatLayout(groups: [Group(folder: folder, displayPath: display)], users: users(besideGroupsOf: folder.deletingLastPathComponent().deletingLastPathComponent()))
        }
        for (relative, display) in [("", ""), (chatFolderName, "/" + chatFolderName), ("Takeout/" + chatFolderName, "/Takeout/" + chatFolderName)] {
            let candidate = relative.isEmpty ? url : url.appendingPathComponent(relative)
            let groupsFolder = candidate.appendingPathComponent("Groups")
            let groups = groupFolders(in: groupsFolder)
            guard !groups.isEmpty else { continue }
            let base = displayPath + display + "/Groups/"
            let users = candidate.appendingPathComponent("Users")
            return GoogleChatLayout(
                groups: groups.map { Group(folder: groupsFolder.appendingPathComponent($0), displayPath: base + $0) },
                users: isFolder(users) ? users : nil, usersDisplayPath: displayPath + display + "/Users")
        }
        if url.lastPathComponent == "Groups" {
            let groups = groupFolders(in: url)
            if !groups.isEmpty {
                return GoogleChatLayout(
                    groups: groups.map { Group(folder: url.appendingPathComponent($0), displayPath: displayPath + "/" + $0) },
                    users: users(besideGroupsOf: url.deletingLastPathComponent()))
            }
        }
        if isGroupFolder(url) {
            return GoogleChatLayout(
                groups: [Group(folder: url, displayPath: displayPath)], users: users(besideGroupsOf: url.deletingLastPathComponent().deletingLastPathComponent()))
        }
        return nil
    }

    /// The names of the group folders inside `folder`, sorted.
    static func groupFolders(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { !$0.hasPrefix(".") && isGroupFolder(folder.appendingPathComponent($0)) }.sorted()
    }

    /// A group folder holds `group_info.json`, or `messages.json` under Takeout's folder name (`DM …`, `Space …`).
    static func isGroupFolder(_ folder: URL) -> Bool {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: folder.appendingPathComponent("group_info.json").path) { return true }
        let name = folder.lastPathComponent
        return (name.hasPrefix("DM ") || name.hasPrefix("Space ") || name.hasPrefix("Group "))
            && fileManager.fileExists(atPath: folder.appendingPathComponent("messages.json").path)
    }

    /// The `Users` folder beside `Groups` in `chatFolder`, if there is one.
    private static func users(besideGroupsOf chatFolder: URL) -> URL? {
        let users = chatFolder.appendingPathComponent("Users")
        return isFolder(users) && isFolder(chatFolder.appendingPathComponent("Groups")) ? users : nil
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
