import TranscriptSearch

/// The build cache's table of contents: which build it belongs to and, per export, what the previous build
/// read from it.
package struct BuildManifest: Codable, Equatable, Sendable {
    /// Changes when the manifest's or a record's layout changes.
    static let currentVersion = 8

    /// What one export gave: its fingerprint when it was read, and the records of its conversations, in order.
    struct Export: Codable, Equatable, Sendable {
        /// The importer's format.
        var format: String
        /// `ExportFingerprint` of the export; nil when it was too new to trust.
        var fingerprint: String?
        /// Names of the conversations' records, in the order the importer gave them.
        var records: [String]
        /// For each record, the source key of what the importer made its conversation from, when it named
        /// one (`ImportedConversation.sourceKey`): the conversation is taken over unread when its source comes
        /// again in a changed export.
        var sources: [String?] = []
    }

    var version = Self.currentVersion
    /// `BuildKey` of the build: the tool, the config, the templates and the delegate.
    var key: String
    /// `BuildKey.content` of the build: while it stays, search parts and the search index hold.
    var contentKey: String
    /// The output folder the records' files are in.
    package var output: String
    /// By the export's absolute path.
    var exports: [String: Export] = [:]
    /// Record names by `ConversationRecord.key`.
    var records: [String: String] = [:]
    /// The search index the build wrote, when every indexed conversation had a key.
    var search: Search?

    /// What identifies the search index (a digest of its conversations' keys, in order) and what it held.
    struct Search: Codable, Equatable, Sendable {
        var key: String
        var documents: Int
        var terms: Int
        /// Its script files under `search/`.
        package var files: Int
        package var bytes: Int
        /// The conversations' keys, in index order.
        var partKeys: [String] = []
        /// The name of the cache file with the index's `SearchIndexState`, when it was written.
        var state: String?
    }
}
