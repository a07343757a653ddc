import Foundation
import TranscriptModel
import TranscriptSupport

/// Google Chat as Google Takeout exports it: a `Google Chat` folder with a folder per conversation in `Groups`
/// (`DM …`, `Space …`), each holding `group_info.json`, `messages.json` and the attached files, and the owner's
/// `Users/User …/user_info.json`. The Takeout folder, its zip archive, the `Google Chat` folder, `Groups` or
/// one group's folder can be given (see `GoogleChatLayout`). One conversation per group with messages, in the
/// order of the folders' names.
///
/// See docs/formats/google-chat.md for how each construct maps to the model.
public struct GoogleChatImporter: ExportImporter {
    public let format = "google-chat"
    public let appName = "Google Chat"
    public var expectedShape: String { "Google Takeout's Google Chat folder: Groups/<DM or Space …>/messages.json and group_info.json" }

    public init() {}

    public func canImport(_ url: URL) -> Bool {
        GoogleChatLayout.find(url, displayPath: url.lastPathComponent) != nil
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        guard let layout = GoogleChatLayout.find(source.url, displayPath: source.displayPath) else {
            throw TranscriptsError(
                file: source.displayPath,
                message: "not a Google Chat export: no Groups folder with group_info.json or messages.json (\"Google Chat/Groups/DM …/messages.json\")")
        }
        var owner: GoogleChatInfo.Person?
        // The owner's file's warnings are said with the first conversation.
        var ownerWarnings: [String] = []
        if let users = layout.users {
            owner = try GoogleChatInfo.owner(
                inUsers: users, displayPath: layout.usersDisplayPath ?? users.lastPathComponent, warnings: &ownerWarnings)
        }
        for group in layout.groups {
            guard var imported = try read(group, owner: owner, context: context) else { continue }
            imported.warnings = ownerWarnings + imported.warnings
            ownerWarnings = []
            try body(imported)
        }
    }

    /// One group's conversation; nil when the group has no `messages.json` or no messages.
    func read(_ group: GoogleChatLayout.Group, owner: GoogleChatInfo.Person?, context: ImportContext) throws -> ImportedConversation? {
        var fileWarnings: [String] = []
        let info = try GoogleChatInfo.group(
            at: group.folder.appendingPathComponent("group_info.json"), displayPath: group.displayPath + "/group_info.json",
            warnings: &fileWarnings)
        let messagesPath = group.displayPath + "/messages.json"
        var people = GoogleChatPeople()
        let memberIDs = info.members.compactMap { people.note(name: $0.name, email: $0.email) }
        let realFolder = group.folder.standardizedFileURL.resolvingSymlinksInPath().path
        var reader = GoogleChatMessageReader(
            displayPath: messagesPath, content: GoogleChatContent(folder: realFolder), timeZone: context.timeZone, people: people)
        let read: Void? = try ExportJSON.read(
            group.folder.appendingPathComponent("messages.json"), displayPath: messagesPath, warnings: &fileWarnings
        ) { json in
            let root = try JSONObject(json, path: [], context: GoogleChatInfo.context)
            let value = try root.required("messages")
            guard case .array(let elements) = value else {
                throw JSONMappingError.expected("a list of messages", found: value, at: root.keyPath("messages"))
            }
            for (index, element) in elements.enumerated() { try reader.add(element, index: index) }
        }
        guard read != nil else { return nil }
        let messages = reader.finish()
        guard !messages.isEmpty else { return nil }
        let participants = reader.people.participants

        // Direct messages have no name: they are titled by the others in them.
        let folderName = group.folder.lastPathComponent
        let me = Set(context.me + [owner?.email?.lowercased()].compactMap { $0 })
        let everyone = memberIDs.isEmpty ? participants.map(\.id) : memberIDs
        let others = everyone.filter { !me.contains($0) }
        let names = (others.isEmpty ? everyone : others).compactMap { id in participants.first { $0.id == id }?.name }
        let title = info.name ?? (names.isEmpty ? folderName : names.joined(separator: ", "))
        let isDirect = info.name == nil && !folderName.hasPrefix("Space ") && everyone.count <= 2
        let conversation = Conversation(
            id: folderName, title: title, kind: isDirect ? .direct : .group, participants: participants, messages: messages)
        return ImportedConversation(conversation: conversation, mediaFolder: group.folder, warnings: fileWarnings + reader.warnings)
    }
}
