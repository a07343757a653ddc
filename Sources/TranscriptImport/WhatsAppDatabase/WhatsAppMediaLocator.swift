/// Where the media files a WhatsApp database names are: in a folder (Android's `WhatsApp/`, the paths as they
/// are; iOS's app group folder, under `Message/`), or in an iPhone backup (`Message/` of WhatsApp's app group,
/// each file where the manifest says).
struct WhatsAppMediaLocator: Sendable {
    /// The backup's files under WhatsApp's `Message/`; nil for a folder.
    var backupFiles: IOSBackupFiles?
    /// In a folder, what precedes the database's paths (`Message/`).
    var folderPrefix = ""

    /// The path the model gives the file (relative to the conversation's media folder), and in a backup the
    /// reason it is not there.
    func locate(_ path: String) -> (file: String?, missing: (path: String, location: IOSBackupFiles.Location)?) {
        guard let backupFiles else { return (folderPrefix + path, nil) }
        switch backupFiles.locate(path) {
        case .stored(let stored): return (stored, nil)
        case let location: return (nil, (path, location))
        }
    }
}
