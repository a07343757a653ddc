import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// DiscordChatExporter's JSON export: one file per channel, DM or thread (`{guild, channel, dateRange,
/// messages}`), with its media in a `…json_Files` folder beside it when exported with `--media`.
///
/// A single file is one conversation. A folder whose JSON files are all DCE exports (and whose only subfolders
/// are their media folders) is read as a whole: the files of one channel are merged into one conversation,
/// messages deduplicated by id and ordered by time, and the threads of a channel in the folder are joined to it
/// as threads. A thread whose channel is not in the folder is a conversation of its own, "#parent › thread".
///
/// See docs/formats/discord.md for how each construct maps to the model.
public struct DiscordImporter: ExportImporter {
    public let format = "discord"
    public let appName = "Discord"
    private static let description = "a DiscordChatExporter export"

    public init() {}

    public func canImport(_ url: URL) -> Bool { canImport(ExportProbe(url)) }

    /// The DCE files of a folder, sorted by name, when the folder is a collection of them: every JSON file
    /// directly in it is one and its only subfolders are media folders (`…_Files`). Nil otherwise.
    static func exportFiles(in folder: URL) -> [URL]? {
        guard let children = try? FileManager.default.contentsOfDirectory(
            at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return nil }
        var files: [URL] = []
        for child in children.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            if (try? child.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                guard child.lastPathComponent.lowercased().hasSuffix("_files") else { return nil }
                continue
            }
            guard child.pathExtension.lowercased() == "json" else { continue }
            guard isExportFile(child) else { return nil }
            files.append(child)
        }
        return files.isEmpty ? nil : files
    }

    /// A file's `guild` and `channel`.
    package struct Header {
        package var file: URL
        package var displayPath: String
        var channelID: String
        var channelType: String
        var channelName: String
        var parentID: String?
        var parentName: String?
        var guildName: String?
        /// The strings of `guild` and `channel` with bytes that are not UTF-8, warned of with the file's messages.
        var invalidUTF8: InvalidUTF8?

        var isThread: Bool { channelType.hasSuffix("Thread") }
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: source.url.path, isDirectory: &isFolder)
        let folder = isFolder.boolValue ? source.url : source.url.deletingLastPathComponent()
        let files: [(URL, String)]
        if isFolder.boolValue {
            guard let found = Self.exportFiles(in: source.url) else {
                throw TranscriptsError(file: source.displayPath, message: "no DiscordChatExporter JSON files in this folder")
            }
            files = found.map { ($0, source.displayPath + "/" + $0.lastPathComponent) }
        } else {
            files = [(source.url, source.displayPath)]
        }
        let headers = try files.map { try header(of: $0.0, displayPath: $0.1) }

        var channelNames: [String: String] = [:]
        for header in headers {
            if let parent = header.parentID, let name = header.parentName, header.isThread { channelNames[parent] = name }
        }
        for header in headers { channelNames[header.channelID] = header.channelName }

        // Files grouped by channel, in the order of their first file.
        var order: [String] = []
        var groups: [String: [Header]] = [:]
        for header in headers {
            if groups[header.channelID] == nil { order.append(header.channelID) }
            groups[header.channelID, default: []].append(header)
        }
        let channels = Set(headers.filter { !$0.isThread }.map(\.channelID))
        var threadsOf: [String: [String]] = [:]
        for id in order {
            guard let first = groups[id]?.first, first.isThread, let parent = first.parentID, channels.contains(parent) else { continue }
            threadsOf[parent, default: []].append(id)
        }
        let joined = Set(threadsOf.values.flatMap { $0 })

        for id in order where !joined.contains(id) {
            let group = groups[id]!
            var (units, warnings) = try merged(group, channelNames: channelNames, folder: folder)
            for thread in threadsOf[id] ?? [] {
                let (threadUnits, threadWarnings) = try merged(groups[thread]!, channelNames: channelNames, folder: folder)
                units += join(threadUnits, threadID: thread, to: units)
                warnings += threadWarnings
            }
            units = Self.sorted(units)
            let conversation = Self.conversation(group[0], units: units, context: context)
            try body(ImportedConversation(conversation: conversation, mediaFolder: folder, warnings: warnings))
        }
    }

    /// The messages of one channel's files, deduplicated by id (an edited copy wins) and ordered by time, and the
    /// warnings about what could not be read in them.
    private func merged(
        _ group: [Header], channelNames: [String: String], folder: URL
    ) throws -> ([DiscordMessages.Converted], [String]) {
        var units: [DiscordMessages.Converted] = []
        var warnings: [String] = []
        var seen: [String: Int] = [:]
        for header in group {
            let read = try messages(of: header, channelNames: channelNames, folder: folder)
            warnings += read.warnings
            for unit in read.units {
                if let index = seen[unit.discordID] {
                    if let edited = unit.edited, edited > (units[index].edited ?? units[index].date) { units[index] = unit }
                    continue
                }
                seen[unit.discordID] = units.count
                units.append(unit)
            }
        }
        return (group.count > 1 ? Self.sorted(units) : units, warnings)
    }

    /// A thread's messages marked as replies in the thread of the parent's message that started it (the
    /// message whose id is the thread's, or the "started a thread" event); else of the thread's first message.
    private func join(
        _ thread: [DiscordMessages.Converted], threadID: String, to parent: [DiscordMessages.Converted]
    ) -> [DiscordMessages.Converted] {
        var root = parent.first { $0.discordID == threadID }?.messages.first?.id
            ?? parent.first { $0.startsThread == threadID }?.messages.first?.id
        var result = thread
        for index in result.indices {
            for part in result[index].messages.indices {
                let id = result[index].messages[part].id
                if root == nil { root = id }
                if id != root { result[index].messages[part].thread = root }
            }
        }
        return result
    }

    /// Ordered by time; messages of the same time keep their order.
    package static func sorted(_ units: [DiscordMessages.Converted]) -> [DiscordMessages.Converted] {
        units.enumerated().sorted { a, b in
            a.element.date != b.element.date ? a.element.date < b.element.date : a.offset < b.offset
        }.map(\.element)
    }

    package static func conversation(_ header: Header, units: [DiscordMessages.Converted], context: ImportContext) -> Conversation {
        var participants: [Participant] = []
        var known: [String: Int] = [:]
        for unit in units {
            for person in unit.people {
                if let index = known[person.id] {
                    if participants[index].avatar == nil, let avatar = person.avatar { participants[index].avatar = avatar }
                    if participants[index].color == nil, let color = person.color { participants[index].color = color }
                    if person.bot { participants[index].bot = true }
                    continue
                }
                known[person.id] = participants.count
                participants.append(Participant(id: person.id, name: person.name, avatar: person.avatar, color: person.color, bot: person.bot))
            }
        }
        let kind: ConversationKind
        let title: String
        switch header.channelType {
        case "DirectTextChat", "DirectGroupTextChat":
            kind = header.channelType == "DirectTextChat" ? .direct : .group
            let others = participants.filter { !context.me.contains($0.id) }.map(\.name)
            title = !header.channelName.isEmpty ? header.channelName : others.isEmpty ? header.channelID : others.joined(separator: ", ")
        default:
            kind = .channel
            let name = header.channelName.isEmpty ? header.channelID : header.channelName
            if header.isThread {
                title = "#" + (header.parentName ?? header.parentID ?? "unknown") + " › " + name
            } else {
                title = "#" + name
            }
        }
        return Conversation(
            id: header.channelID, title: title, kind: kind, participants: participants, messages: units.flatMap(\.messages))
    }

    // MARK: - Reading a file

    private func header(of file: URL, displayPath: String) throws -> Header {
        try MappedJSONExport.read(file, displayPath: displayPath, description: Self.description) { export in
            func object(_ key: String) throws -> [String: JSONValue] {
                guard let range = export.member(key) else {
                    throw export.placed(TranscriptsError(file: displayPath, path: key, message: "\"\(key)\" is required but missing"))
                }
                guard case .object(let fields) = try export.parse(range) else {
                    throw export.shapeError("expected an object, found \(export.kind(at: range.lowerBound))", path: key, at: range.lowerBound)
                }
                return fields
            }
            let channel = try object("channel")
            let guild = (try? object("guild")) ?? [:]
            guard let id = DiscordMessages.identifier(channel["id"]) else {
                throw export.placed(TranscriptsError(file: displayPath, path: "channel.id", message: "expected the channel's id"))
            }
            return Header(
                file: file, displayPath: displayPath, channelID: id,
                channelType: DiscordMessages.string(channel["type"]) ?? "GuildTextChat",
                channelName: DiscordMessages.string(channel["name"]) ?? "",
                parentID: DiscordMessages.identifier(channel["categoryId"]),
                parentName: DiscordMessages.string(channel["category"]),
                guildName: DiscordMessages.string(guild["name"]), invalidUTF8: export.invalidUTF8.take())
        }
    }

    /// A file's messages, parsed and converted on all cores, and the warnings about what could not be read.
    private func messages(
        of header: Header, channelNames: [String: String], folder: URL
    ) throws -> (units: [DiscordMessages.Converted], warnings: [String]) {
        let displayPath = header.displayPath
        return try MappedJSONExport.read(header.file, displayPath: displayPath, description: Self.description) { export in
            guard let range = export.member("messages") else {
                throw TranscriptsError(file: displayPath, path: "messages", message: "\"messages\" is required but missing")
            }
            guard let elements = export.scanner.elements(ofArrayAt: range.lowerBound) else {
                throw export.shapeError(
                    "expected a list of messages, found \(export.kind(at: range.lowerBound))", path: "messages", at: range.lowerBound)
            }
            let converter = DiscordMessages(channelID: header.channelID, channelNames: channelNames, mediaFolder: folder)
            let converted = try export.convertElements(elements, chunkSize: 1024) { json, index in
                do {
                    return try converter.convert(json, index: index)
                } catch let error as DiscordFieldError {
                    throw export.error(at: error.key, of: elements[index], path: error.path, message: error.message)
                }
            }
            export.invalidUTF8.add(header.invalidUTF8)
            let warnings = export.warnings(elements, problems: { converted[$0].problems }, path: { "messages[\($0)]" })
                + export.takeInvalidUTF8Warnings()
            // The same message can appear twice in one file: the first (or an edited copy) is kept.
            var seen: [String: Int] = [:]
            var result: [DiscordMessages.Converted] = []
            result.reserveCapacity(converted.count)
            for unit in converted {
                if let index = seen[unit.discordID] {
                    if let edited = unit.edited, edited > (result[index].edited ?? result[index].date) { result[index] = unit }
                    continue
                }
                seen[unit.discordID] = result.count
                result.append(unit)
            }
            return (result, warnings)
        }
    }
}
