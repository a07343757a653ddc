import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Mattermost's bulk export: one JSON Lines file (`export.json`, `import.jsonl`) whose first line is
/// `{"type":"version",...}`, followed by `team`, `channel`, `user`, `post`, `direct_channel`, `direct_post` and
/// `emoji` lines; attachments are files under a `data` folder beside it. See docs/formats/mattermost.md.
///
/// One conversation per channel and per direct (or group) channel that has posts: channels in the order of
/// their `channel` lines, then direct channels in the order of their `direct_channel` lines, then channels that
/// only posts name, in the order first seen. The file is read twice, line by line: once to learn the teams,
/// channels, users and where each conversation's posts are, then once per conversation for its posts, so only
/// one conversation's messages are held at a time.
public struct MattermostImporter: ExportImporter {
    public let format = "mattermost"
    public let appName = "Mattermost"

    public init() {}

    public func canImport(_ url: URL) -> Bool {
        switch url.pathExtension.lowercased() {
        case "json", "jsonl", "ndjson": break
        default: return false
        }
        guard let head = FilePeek.head(of: url, bytes: 4096) else { return false }
        return Self.isVersionLine(head.prefix { $0 != "\n" && $0 != "\r" })
    }

    public var expectedShape: String {
        "a Mattermost bulk export: JSON Lines whose first line is {\"type\":\"version\",\"version\":1}"
    }

    /// Whether a first line is Mattermost's version object, `{"type":"version","version":1}`, by its outline:
    /// only its structure counts, and a line broken after its `type` still counts, so that reading the file
    /// reports where it breaks.
    static func isVersionLine<Line: StringProtocol>(_ line: Line) -> Bool {
        var text = String(line)
        let outline = text.withUTF8 { JSONOutline($0) }
        guard let root = outline.root, root["type"]?.text == "version" else { return false }
        return root["version"] != nil || !root.isComplete
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        let data: Data
        do {
            data = try Data(contentsOf: source.url, options: .alwaysMapped)
        } catch {
            throw TranscriptsError(file: source.displayPath, message: "cannot read the file (\(TranscriptsError.sentence(for: error)))")
        }
        let folder = source.url.deletingLastPathComponent()
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let export = try MattermostExport.index(bytes, displayPath: source.displayPath)
            // The other lines' bytes that are not UTF-8 are said with the first conversation.
            var warnings = export.invalidUTF8?.warnings(in: bytes, file: source.displayPath, scope: "the file's lines other than posts") ?? []
            for channel in export.channels where !channel.posts.isEmpty {
                let (conversation, postWarnings) = try export.read(
                    channel, bytes: bytes, displayPath: source.displayPath, folder: folder, me: context.me)
                try body(ImportedConversation(conversation: conversation, mediaFolder: folder, warnings: warnings + postWarnings))
                warnings = []
            }
        }
    }
}

/// One line of the file: where it is and its number, counted from 1.
struct MattermostLine {
    package var start: Int
    package var end: Int
    package var number: Int
}

/// What the first pass learns: names, and where each conversation's posts are.
struct MattermostExport {
    struct Channel {
        /// The conversation's id: the channel's name (with its team's when two teams have one of that name), or
        /// the members of a direct channel joined by `-`.
        package var id: String
        package var title: String
        package var kind: ConversationKind
        /// A direct channel's members, in the order of the export.
        var members: [String]
        var isDirect: Bool
        var posts: [MattermostLine] = []
    }

    var channels: [Channel] = []
    /// Usernames → the names shown (first and last name, else the nickname, else the username).
    var userNames: [String: String] = [:]
    /// The strings of lines other than posts (teams, channels, users) that held bytes that are not UTF-8; a
    /// post's are warned of with its conversation.
    var invalidUTF8: InvalidUTF8?

    package static let context = JSONDecodingContext(defaultTimeZone: nil)

    /// Scans every line once.
    package static func index(_ bytes: UnsafeBufferPointer<UInt8>, displayPath: String) throws -> MattermostExport {
        var export = MattermostExport()
        var channelIndex: [String: Int] = [:]  // "team\u{0}name" or "\u{1}sorted members"
        var channelsByName: [String: [Int]] = [:]
        var pendingPosts: [(team: String?, channel: String, line: MattermostLine)] = []
        var sawVersion = false

        try forEachLine(bytes) { line in
            var invalidUTF8: InvalidUTF8?
            let value = try parse(bytes, line, displayPath: displayPath, invalidUTF8: &invalidUTF8)
            let object = try JSONObject(value, path: [], context: context)
            guard let type = try object.optionalString("type") else {
                throw TranscriptsError(file: displayPath, line: line.number, path: "type", message: "\"type\" is required but missing")
            }
            if type != "post", type != "direct_post" { export.invalidUTF8.add(invalidUTF8) }
            if !sawVersion {
                guard type == "version" else {
                    throw TranscriptsError(
                        file: displayPath, line: line.number,
                        message: "not a Mattermost bulk export: the first line must be {\"type\":\"version\",...}, found type \"\(type)\"")
                }
                sawVersion = true
                return
            }
            do {
                switch type {
                case "team":
                    break
                case "channel":
                    let channel = try member(object, type)
                    let team = try channel.optionalString("team") ?? ""
                    let name = try channel.identifier("name")
                    let key = team + "\u{0}" + name
                    guard channelIndex[key] == nil else { return }
                    let display = try channel.optionalString("display_name").flatMap { $0.isEmpty ? nil : $0 } ?? name
                    channelIndex[key] = export.channels.count
                    channelsByName[name, default: []].append(export.channels.count)
                    export.channels.append(Channel(id: name, title: "#" + display, kind: .channel, members: [], isDirect: false))
                case "user":
                    let user = try member(object, type)
                    let username = try user.identifier("username")
                    export.userNames[username] = try displayName(user) ?? username
                case "direct_channel":
                    let channel = try member(object, type)
                    let members = try self.members(channel, keys: ["members", "participants"])
                    let key = "\u{1}" + members.sorted().joined(separator: "\u{0}")
                    guard !members.isEmpty, channelIndex[key] == nil else { return }
                    channelIndex[key] = export.channels.count
                    export.channels.append(directChannel(members))
                case "post":
                    let post = try member(object, type)
                    pendingPosts.append((try post.optionalString("team"), try post.identifier("channel"), line))
                case "direct_post":
                    let post = try member(object, type)
                    let members = try self.members(post, keys: ["channel_members", "channel_participants"])
                    guard !members.isEmpty else {
                        throw JSONMappingError.missing(post.path, "channel_members")
                    }
                    let key = "\u{1}" + members.sorted().joined(separator: "\u{0}")
                    if channelIndex[key] == nil {
                        channelIndex[key] = export.channels.count
                        export.channels.append(directChannel(members))
                    }
                    export.channels[channelIndex[key]!].posts.append(line)
                default:
                    // version, scheme, emoji, bot, role ...: nothing a transcript shows.
                    break
                }
            } catch let error as TranscriptsError {
                throw error
            } catch {
                throw TranscriptsError(decoding: error, file: displayPath, bytes: bytes, documentAt: line.start)
            }
        }
        guard sawVersion else {
            throw TranscriptsError(file: displayPath, message: "the file is empty")
        }

        // Posts name their channel by team and name; a post whose team has no channel of that name goes to the
        // only channel of that name, else to a channel of its own.
        for post in pendingPosts {
            let key = (post.team ?? "") + "\u{0}" + post.channel
            var index = channelIndex[key]
            if index == nil, let candidates = channelsByName[post.channel], candidates.count == 1 { index = candidates[0] }
            if index == nil {
                index = export.channels.count
                channelIndex[key] = index
                channelsByName[post.channel, default: []].append(index!)
                export.channels.append(Channel(id: post.channel, title: "#" + post.channel, kind: .channel, members: [], isDirect: false))
            }
            export.channels[index!].posts.append(post.line)
        }
        // Channels of the same name in different teams: their ids name the team too.
        for (name, indices) in channelsByName where indices.count > 1 {
            var teamsByIndex: [Int: String] = [:]
            for (key, index) in channelIndex where indices.contains(index) {
                teamsByIndex[index] = String(key.prefix { $0 != "\u{0}" })
            }
            for index in indices {
                let team = teamsByIndex[index] ?? ""
                export.channels[index].id = team.isEmpty ? name : team + "-" + name
            }
        }
        return export
    }

    private static func directChannel(_ members: [String]) -> Channel {
        Channel(
            id: members.joined(separator: "-"), title: "", kind: members.count == 2 ? .direct : .group, members: members,
            isDirect: true)
    }

    /// The object under the key named by the line's type: `{"type":"post","post":{...}}`.
    private static func member(_ object: JSONObject, _ type: String) throws -> JSONObject {
        guard let value = object.value(type) else { throw JSONMappingError.missing(object.path, type) }
        return try JSONObject(value, path: object.keyPath(type), context: context)
    }

    /// Usernames from a list of strings or of `{"username": ...}` objects.
    private static func members(_ object: JSONObject, keys: [String]) throws -> [String] {
        for key in keys {
            guard let value = object.value(key), case .array(let elements) = value else { continue }
            var result: [String] = []
            for (index, element) in elements.enumerated() {
                let path = object.keyPath(key) + [AnyCodingKey(intValue: index)]
                if case .object = element {
                    result.append(try JSONObject(element, path: path, context: context).identifier("username"))
                } else {
                    result.append(try JSONObject.identifier(element, path: path))
                }
            }
            var seen: Set<String> = []
            return result.filter { seen.insert($0).inserted }
        }
        return []
    }

    /// First and last name, else the nickname; nil to use the username.
    private static func displayName(_ user: JSONObject) throws -> String? {
        let first = (try user.optionalString("first_name") ?? "").trimmingCharacters(in: .whitespaces)
        let last = (try user.optionalString("last_name") ?? "").trimmingCharacters(in: .whitespaces)
        let full = [first, last].filter { !$0.isEmpty }.joined(separator: " ")
        if !full.isEmpty { return full }
        let nickname = (try user.optionalString("nickname") ?? "").trimmingCharacters(in: .whitespaces)
        return nickname.isEmpty ? nil : nickname
    }

    /// Calls `body` with every line that is not blank.
    static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (MattermostLine) throws -> Void) throws {
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        var number = 0
        while index < bytes.count {
            number += 1
            let start = index
            var end = index
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            index = end + 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            var first = start
            while first < end, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            if first < end { try body(MattermostLine(start: start, end: end, number: number)) }
        }
    }

    /// One line's JSON value; its strings with bytes that are not UTF-8 are added to `invalidUTF8`.
    package static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: MattermostLine, displayPath: String, invalidUTF8: inout InvalidUTF8?
    ) throws -> JSONValue {
        try JSONSyntaxCheck.parse(
            line.start..<line.end, of: line.start..<line.end, in: bytes, file: displayPath, unit: .line, invalidUTF8: &invalidUTF8)
    }

    // MARK: - Second pass

    /// Reads one conversation's posts, with the warning about its posts' bytes that are not UTF-8, if any.
    package func read(
        _ channel: Channel, bytes: UnsafeBufferPointer<UInt8>, displayPath: String, folder: URL, me: [String]
    ) throws -> (Conversation, [String]) {
        var reader = MattermostPostReader(files: MattermostFiles(folder: folder))
        for member in channel.members { reader.note(member) }
        var posts: [MattermostPostReader.Post] = []
        posts.reserveCapacity(channel.posts.count)
        var invalidUTF8: InvalidUTF8?
        for line in channel.posts {
            let value = try Self.parse(bytes, line, displayPath: displayPath, invalidUTF8: &invalidUTF8)
            do {
                let object = try JSONObject(value, path: [], context: Self.context)
                let type = try object.string("type")
                let post = try Self.member(object, type)
                posts.append(try reader.post(post, line: line.number))
            } catch let error as TranscriptsError {
                throw error
            } catch {
                throw TranscriptsError(decoding: error, file: displayPath, bytes: bytes, documentAt: line.start)
            }
        }
        var messages = reader.messages(sorting: posts)
        let participants = reader.participantIDs.map { Participant(id: $0, name: userNames[$0] ?? $0) }
        EventPeople.naming(&messages, participants: Set(reader.participantIDs)) { userNames[$0] ?? $0 }
        var title = channel.title
        if channel.isDirect {
            let others = channel.members.filter { !me.contains($0) }
            title = (others.isEmpty ? channel.members : others).map { userNames[$0] ?? $0 }.joined(separator: ", ")
        }
        let warnings = invalidUTF8?.warnings(in: bytes, file: displayPath, scope: "the conversation's posts") ?? []
        return (Conversation(id: channel.id, title: title, kind: channel.kind, participants: participants, messages: messages), warnings)
    }
}

/// Where an attachment's file is: Mattermost's export puts them under `data/` beside the JSON Lines file, and
/// the paths in the file are relative to that folder.
struct MattermostFiles {
    package var folder: URL

    package func path(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        if path.hasPrefix("data/") || FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path) {
            return path
        }
        return "data/" + path
    }
}
