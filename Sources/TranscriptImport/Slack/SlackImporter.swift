import Foundation
import TranscriptModel

/// Slack's workspace export (a folder, or a zip archive unpacked into one): `users.json`, `channels.json`,
/// `groups.json`, `mpims.json`, `dms.json`, and a folder of day files (`2016-03-28.json`) per conversation.
/// One conversation per channel, private channel, group message and direct message that has messages, in the
/// order of those lists; folders of day files that no list names follow, by name.
///
/// See docs/formats/slack.md for how each construct maps to the model.
public struct SlackImporter: ExportImporter {
    public let format = "slack"
    public let appName = "Slack"
    public var expectedShape: String { "a Slack workspace export: a folder with users.json, channels.json (or groups.json, dms.json, mpims.json) and a folder of day files per channel" }

    public init() {}

    /// The files whose presence marks a folder as a Slack export.
    static let markerFiles = ["channels.json", "users.json", "groups.json", "dms.json", "mpims.json"]

    public func canImport(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { return false }
        return Self.markerFiles.contains { FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path) }
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        try importConversations(from: source, context: context, reusing: { _ in false }, body)
    }

    /// Each conversation's source key is a digest of its day files and of what it depends on in the workspace
    /// (`SlackChannelKeys`); a conversation that `reuse` takes is not parsed.
    public func importConversations(
        from source: ExportSource, context: ImportContext, reusing reuse: (_ sourceKey: String) throws -> Bool,
        _ body: (ImportedConversation) throws -> Void
    ) throws {
        let workspace = try SlackWorkspace.read(source.url, displayPath: source.displayPath)
        var warnings = Self.workspaceWarnings(workspace, of: source)
        // Keys are made only for a build that may take conversations over.
        let shared = context.sourceKeysThatMayBeReused == nil ? nil : SlackChannelKeys.workspace(source.url)
        for (number, channel) in workspace.channels.enumerated() {
            let folder = source.url.appendingPathComponent(channel.folder)
            let days = SlackWorkspace.dayFiles(in: folder)
            var key: String?
            if let shared {
                key = try SlackChannelKeys.key(
                    workspace: shared, number: number, channel: channel, folder: folder, days: days, warnings: warnings)
            }
            if let key, try reuse(key) {
                warnings = []
                continue
            }
            let (conversation, dayWarnings) = try read(channel, days: days, of: workspace, from: source, context: context)
            try body(ImportedConversation(
                conversation: conversation, mediaFolder: source.url, warnings: warnings + dayWarnings, sourceKey: key))
            warnings = []  // said once, with the first conversation
        }
    }

    /// Each conversation's id, source key and the bytes of its day files, from the workspace's lists and the day
    /// files' names and bytes, unparsed.
    public func conversationPreviews(in source: ExportSource, context: ImportContext) throws -> [ConversationPreview]? {
        let workspace = try SlackWorkspace.read(source.url, displayPath: source.displayPath)
        var warnings = Self.workspaceWarnings(workspace, of: source)
        let shared = SlackChannelKeys.workspace(source.url)
        var previews: [ConversationPreview] = []
        for (number, channel) in workspace.channels.enumerated() {
            let folder = source.url.appendingPathComponent(channel.folder)
            let days = SlackWorkspace.dayFiles(in: folder)
            let key = try SlackChannelKeys.key(
                workspace: shared, number: number, channel: channel, folder: folder, days: days, warnings: warnings)
            warnings = []
            let bytes = days.reduce(0) { sum, day in
                sum + ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(day).path)[.size] as? Int) ?? 0)
            }
            previews.append(ConversationPreview(id: channel.id, sourceKey: key, bytes: bytes))
        }
        return previews
    }

    /// The warnings about the workspace, given with its first conversation. Without the list of users, people are
    /// shown by the names their messages carry, else by their ids.
    private static func workspaceWarnings(_ workspace: SlackWorkspace, of source: ExportSource) -> [String] {
        let users = FileManager.default.fileExists(atPath: source.url.appendingPathComponent("users.json").path) ? []
            : ["\(source.displayPath)/users.json: missing, so people are shown by the names in their messages or by their ids"]
        return users + workspace.warnings
    }

    /// Reads one conversation: every day file of its folder (`dayNames`), each parsed once, in date order (in batches on all
    /// cores, `SlackDayBatches`, with the result of reading them one after another); with the
    /// warnings about its day files (one per file with text that is not Unicode, one per field of a message's
    /// blocks, attachments or files that could not be read).
    func read(
        _ channel: SlackWorkspace.Channel, days dayNames: [String], of workspace: SlackWorkspace, from source: ExportSource,
        context: ImportContext
    ) throws -> (Conversation, [String]) {
        let folder = source.url.appendingPathComponent(channel.folder)
        var reader = SlackMessageReader(names: workspace.names, files: SlackFileLocator(root: source.url, folder: channel.folder))
        // The members of direct and group messages are its people; a channel's are everyone seen in it (a
        // workspace's #general can have thousands of members who never wrote there).
        if channel.kind == .direct || channel.kind == .multiPerson {
            for member in channel.members { reader.note(member) }
        }
        let days = dayNames.map { day in
            SlackDayBatches.Day(url: folder.appendingPathComponent(day), displayPath: source.displayPath + "/" + channel.folder + "/" + day)
        }
        var warnings: [String] = []
        try SlackDayBatches(days: days).read(into: &reader, warnings: &warnings)
        let participants = reader.participants
        let kind: ConversationKind
        let title: String
        switch channel.kind {
        case .channel, .privateChannel:
            kind = channel.kind == .channel ? .channel : .group
            title = "#" + (channel.name ?? channel.id)
        case .multiPerson, .direct:
            kind = channel.kind == .direct ? .direct : .group
            let people = channel.members.isEmpty ? participants.map(\.id) : channel.members
            let others = people.filter { !context.me.contains($0) }
            let named = (others.isEmpty ? people : others).map { id in participants.first { $0.id == id }?.name ?? id }
            title = named.isEmpty ? channel.name ?? channel.id : named.joined(separator: ", ")
        }
        // Taken out of the reader: a copy would be copied again, message by message, once it is changed.
        var messages = reader.takeMessages()
        EventPeople.naming(&messages, participants: Set(participants.map(\.id))) { reader.names.user($0) ?? $0 }
        return (Conversation(id: channel.id, title: title, kind: kind, participants: participants, messages: messages), warnings)
    }
}
