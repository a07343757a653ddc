import Foundation
import TranscriptModel

/// An export to read: a file or folder, and how messages name it.
public struct ExportSource: Sendable {
    /// The file or folder (a zip archive is unpacked into a folder before an importer sees it).
    public var url: URL
    /// The path errors and the summary show, as the user gave it.
    public var displayPath: String

    public init(url: URL, displayPath: String) {
        self.url = url
        self.displayPath = displayPath
    }
}

/// What importers need besides the export: the settings of `transcripts.yml` that reading depends on.
public struct ImportContext: Sendable {
    /// The time zone of exports whose times carry none (WhatsApp, Telegram's `date`).
    public var timeZone: TimeZone
    /// The site owner's participant ids, for formats that mark the exporter's own messages.
    public var me: [String]

    /// The source keys `reuse` may take (see `importConversations(from:context:reusing:_:)`), when the caller
    /// knows them: an importer may then read a conversation whose key is not among them while the one before is
    /// handed on, since no `reuse` will skip it. Nil (the default): nothing is read ahead.
    public var sourceKeysThatMayBeReused: Set<String>?
    /// A private folder of the build, removed when it ends, where an importer may write what it has to decrypt
    /// (an encrypted iPhone backup's files); nil when there is none.
    public var workspace: URL?
    /// An encrypted iPhone backup's passphrase, when the command was given one (`--passphrase-file`).
    public var backupPassphrase: String?

    public init(timeZone: TimeZone, me: [String] = [], sourceKeysThatMayBeReused: Set<String>? = nil) {
        self.timeZone = timeZone
        self.me = me
        self.sourceKeysThatMayBeReused = sourceKeysThatMayBeReused
    }
}

/// One conversation read from an export, and the folder its media paths are relative to.
public struct ImportedConversation: Sendable {
    public var conversation: Conversation
    /// Media paths in the conversation's messages are relative to this folder; nothing outside it is read.
    public var mediaFolder: URL
    /// A digest of each message's source (its bytes in the export, see `ContentDigest.sourceDigest`), when the
    /// importer read each message from bytes of its own: the build cache then needs no digest of the model.
    public var messageDigests: [UInt64]?
    /// What the importer had to repair or guess in this conversation's files, each naming the file and line
    /// (the build reports them; `--strict` fails on them).
    public var warnings: [String]
    /// A digest of everything the importer made the conversation from (its bytes, its place in the export),
    /// when it can name that before reading it: see `importConversations(from:context:reusing:_:)`.
    public var sourceKey: String?
    /// For a conversation merged from several exports, the folder each message's media paths are relative to;
    /// nil when every message's are relative to `mediaFolder`.
    public var messageFolders: MessageFolders?

    public init(
        conversation: Conversation, mediaFolder: URL, messageDigests: [UInt64]? = nil, warnings: [String] = [],
        sourceKey: String? = nil, messageFolders: MessageFolders? = nil
    ) {
        self.conversation = conversation
        self.mediaFolder = mediaFolder
        self.messageFolders = messageFolders
        self.messageDigests = messageDigests
        self.warnings = warnings
        self.sourceKey = sourceKey
    }
}

/// Reads one export format into the model. Importers are values; `ImporterRegistry` lists them.
///
/// Conversations are handed over one at a time, so a build holds only one conversation in memory however
/// many an export has. Whatever an importer does not understand becomes an `unsupported` message with its raw
/// content; malformed input throws a `TranscriptsError` naming the file and the line or JSON path.
public protocol ExportImporter: Sendable {
    /// The format's name, as `--format` and the config's `format` take it: `transcripts`, `telegram`, ...
    var format: String { get }
    /// The app the format's exports are from, as pages name it ("WhatsApp" for `whatsapp` and its databases): on a
    /// person's page, and beside each message of a conversation that gathers several apps. By default the format.
    var appName: String { get }
    /// Whether the importer's message ids are made from the messages themselves (`ContentMessageIDs`), for
    /// exports without ids of their own; false (the default) for the platform's ids. Merging exports then
    /// takes a message of a later export marked edited, with the sender and minute of one it lacks, for that
    /// message edited (see `ConversationMerge`).
    var messageIDsAreContent: Bool { get }
    /// The exports whose message ids are made the same way as this one's, whatever their format, by name
    /// (`whatsapp`: WhatsApp's text exports and its databases): a build joins their conversations that share most
    /// of their messages into one, as the same chat read twice (see docs/archive.md). Nil (the default) for
    /// importers whose ids no other format makes.
    var messageIDFamily: String? { get }
    /// The ids of the conversations an export holds, when the importer can tell them without reading the export
    /// (a chat file's name, a canonical file's `id`): a build then gathers, to merge them, only the exports whose
    /// ids meet another export's. Nil (the default) when it cannot: every export of a format that more than one
    /// input has is gathered (see docs/archive.md).
    func conversationIDs(in source: ExportSource) -> [String]?
    /// Whether the file or folder looks like this format (a cheap look at names and the first bytes).
    func canImport(_ url: URL) -> Bool
    /// Whether the file or folder looks like this format, from a probe that every importer asked shares (a JSON
    /// file's outline is read once). By default `canImport(probe.url)`.
    func canImport(_ probe: ExportProbe) -> Bool
    /// What an export of this format looks like, for the error when `--format` names it and the input is not
    /// one: "an object with \"guild\", \"channel\" and \"messages\"". By default empty.
    var expectedShape: String { get }
    /// Reads the export and calls `body` with each conversation, in a stable order.
    func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws
    /// Reads the export as `importConversations(from:context:_:)` does, but first offers each conversation
    /// whose `sourceKey` it can make without reading the conversation (a digest of its bytes) to `reuse`:
    /// when `reuse` takes it (an unchanged chat of a changed export, whose pages a build has already made),
    /// the importer skips it, and `body` is not called for it. By default nothing is offered.
    func importConversations(
        from source: ExportSource, context: ImportContext, reusing reuse: (_ sourceKey: String) throws -> Bool,
        _ body: (ImportedConversation) throws -> Void
    ) throws
    /// The conversations `importConversations(from:context:reusing:_:)` will offer, in its order, named before
    /// they are read (their ids, source keys and sizes): a build in shards passes over another shard's
    /// conversations unread. Nil (the default) when the importer cannot name them without reading them.
    func conversationPreviews(in source: ExportSource, context: ImportContext) throws -> [ConversationPreview]?
}

extension ExportImporter {
    public func conversationPreviews(in source: ExportSource, context: ImportContext) throws -> [ConversationPreview]? { nil }
    public var appName: String { format }
    public var messageIDsAreContent: Bool { false }
    public var messageIDFamily: String? { nil }
    public func conversationIDs(in source: ExportSource) -> [String]? { nil }
    public func canImport(_ probe: ExportProbe) -> Bool { canImport(probe.url) }
    public var expectedShape: String { "" }

    public func importConversations(
        from source: ExportSource, context: ImportContext, reusing reuse: (_ sourceKey: String) throws -> Bool,
        _ body: (ImportedConversation) throws -> Void
    ) throws {
        try importConversations(from: source, context: context, body)
    }
}
