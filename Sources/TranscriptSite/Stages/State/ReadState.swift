import TranscriptImport

/// What `read` keeps while it reads the exports: their sizes and the bytes done (for the progress), the cache
/// records of the export being read, its records read ahead, and the media folders' real paths.
struct ReadState {
    /// The exports' sizes in bytes (`discover` sets them) and the bytes of the exports done.
    var exportBytes: [Int] = []
    var exportBytesDone = 0
    /// The cache records (name and key) of the conversations of the export being read, as `render` made or
    /// took them over, with the source key the importer gave; a nil name when one could not be stored.
    var exportRecords: [(name: String?, key: String?, source: String?)] = []
    /// The previous build's records of the export being read that were read and checked ahead, on all cores,
    /// with one that was asked for (`preparedRecord(at:of:previous:cache:)`).
    var preparedRecords: (export: String, records: [String: PreparedRecord])?
    /// Real paths of media folders, by the path importers give.
    var realFolders: [String: String] = [:]
}
