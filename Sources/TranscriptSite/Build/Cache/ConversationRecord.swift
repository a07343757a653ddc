import Crypto
import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptRender
import TranscriptSupport

/// What the build cache keeps of one rendered conversation: what the pages were made from (its key, its media
/// look-ups), the files they are (with their stamps), and what the rest of the build needs of it (the index
/// card, the counts, the warnings) so that a later build can take the pages over without rendering them.
package struct ConversationRecord: Equatable, Sendable {
    /// A digest of everything the pages depend on besides the build key and the media files: the
    /// conversation's content, its folder, its number in the search index, its export.
    var key: String
    package var id: String
    package var title: String
    /// The conversation's folder name, `c/<slug>/`.
    var slug: String
    /// Its number in the search index, when it is indexed.
    var searchNumber: Int?
    /// The export's absolute path (the summary shows it relative to the folder the build runs in).
    package var file: String
    /// The files of the conversation's folder (paths in the site) and their stamps in the output.
    package var files: [String: FileStamp]
    /// The media files its pages show (paths in the site).
    package var media: [String]
    /// Every look-up of a file the export names, in order.
    var dependencies: [MediaDependency]
    package var summary: ConversationSummary
    /// The time of the newest message (seconds since 1970), nil without messages.
    var newest: Double?
    package var pages: Int
    var messagesRead: Int
    var messagesRendered: Int
    var unsupportedMessages: Int
    var missingMedia: Int
    /// Messages of people `privacy.exclude` names, shown as "Message removed", and the entries that matched.
    var messagesRemoved = 0
    var exclusionsMatched: [String] = []
    /// The CSS of the appearances on its pages, by class name (for the site's `appearances.css`).
    var css: [String: AppearanceCSS] = [:]
    /// The warnings about the conversation, in the order the build gives them, each stored without the
    /// export's path it starts with (see `storedWarning`).
    var warnings: [String]
    /// Whether its share of the search index is stored beside the record.
    var hasSearchPart: Bool
    /// The stored search part's size in bytes (a part of another size is not the one stored).
    var searchPartBytes: Int?
    /// Per month page (by file name): its digest and its appearances' warnings, so a later rendering can
    /// take it over.
    var pageRecords: [String: PageRecord]?
    /// The people directory it was made with (`PeopleDirectory.fingerprint`): a record made with other people
    /// is not taken over unread (its participants may be other people now).
    var peopleFingerprint = ""
    /// Its parts of its people's pages, and the keys of the people's ids its participants matched.
    var personParts: [PersonPart] = []
    var personKeysMatched: [String] = []
    /// The `scope:` entries it matched.
    var scopeMatched: [String] = []

    /// Stands for the export's path at the start of a stored warning.
    private static let exportMark = "\u{1}export\u{1}"

    /// A warning as the record keeps it: its leading `PATH: ` stored as a mark, so the warning can be shown
    /// with the path as the next build shows it (relative to the folder that build runs in).
    static func storedWarning(_ warning: String, of displayPath: String) -> String {
        warning.hasPrefix(displayPath + ": ") ? exportMark + warning.dropFirst(displayPath.count) : warning
    }

    /// A stored warning as a build shows it, with the export's path `displayPath`.
    static func warning(_ stored: String, showing displayPath: String) -> String {
        stored.hasPrefix(exportMark) ? displayPath + stored.dropFirst(exportMark.count) : stored
    }
}

extension ConversationRecord {
    /// The key of a conversation's pages: a digest of its content (every value its `Encodable` form holds) and of
    /// what else the pages show or depend on; and a short digest of each message, for the page digests.
    /// `sourceDigests` are the importer's digests of the messages' bytes, used instead of digesting the model
    /// when there is one per message. `warnings` are the importer's warnings about the conversation (as
    /// `storedWarning` keeps them): a record taken over gives its warnings again, so they must be these (the
    /// same content can come with other warnings, at other lines of a file or beside a file's warning).
    static func key(
        of conversation: Conversation, slug: String, searchNumber: Int?, file: String, mediaFolder: URL, format: String,
        sourceDigests: [UInt64]? = nil, warnings: [String] = [], messageFolders: MessageFolders? = nil
    ) -> (key: String, messages: [UInt64]) {
        var hash = SHA256()
        hash.update("conversation 2")
        hash.update(slug)
        hash.update(searchNumber.map { "search \($0)" } ?? "not indexed")
        hash.update(file)
        hash.update(mediaFolder.standardizedFileURL.path)
        if let messageFolders {
            // A merged conversation's messages' folders.
            for folder in messageFolders.folders { hash.update("folder " + folder.standardizedFileURL.path) }
            messageFolders.ofMessage.withUnsafeBytes { hash.update($0) }
        }
        hash.update(format)
        hash.update("\(warnings.count) warnings")
        for warning in warnings {
            hash.update("\(warning.utf8.count) ")
            hash.update(warning)
        }
        // The conversation without its messages, then a digest of each message (made on all cores, and
        // kept for the page digests).
        var header = conversation
        header.messages = []
        guard let headerBytes = try? ContentDigest.bytes(of: header),
              let messages = sourceDigests?.count == conversation.messages.count
                ? sourceDigests : try? ContentDigest.digests(of: conversation.messages)
        else {
            // Not expected; a key no record has makes the conversation render.
            hash.update(UUID().uuidString)
            return (hash.hexDigest, [])
        }
        headerBytes.withUnsafeBytes { hash.update($0) }
        hash.update("\(messages.count) messages")
        messages.withUnsafeBytes { hash.update($0) }
        return (hash.hexDigest, messages)
    }
}
