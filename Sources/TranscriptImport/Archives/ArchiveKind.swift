/// The archives an export may come in, told by the file's name: zip archives (WhatsApp, Slack, Google Takeout)
/// and tars compressed with gzip (Google Takeout's `.tgz`).
package enum ArchiveKind: Sendable {
    case zip
    /// A tar archive, compressed with gzip or not.
    case tar

    /// The kind of the archive at `name` (a file name or path), or nil when the name is not an archive's.
    package init?(fileName name: String) {
        let lower = name.lowercased()
        if lower.hasSuffix(".zip") {
            self = .zip
        } else if lower.hasSuffix(".tgz") || lower.hasSuffix(".tar.gz") || lower.hasSuffix(".tar") {
            self = .tar
        } else {
            return nil
        }
    }

    /// How the user calls it in messages.
    var name: String {
        switch self {
        case .zip: "zip archive"
        case .tar: "tar archive"
        }
    }
}
