import Foundation
import TranscriptModel

/// Attachments of the Messages database as media of the model.
///
/// `attachment.filename` is where the Mac kept the file, `~/Library/Messages/Attachments/ab/12/<GUID>/IMG_1.jpg`
/// (stickers: `~/Library/Messages/StickerCache/…`); the part after `Library/Messages/` is looked up in `root`,
/// the folder that stands for `~/Library/Messages` (the database's folder, unless configured) and the
/// conversation's media folder. Photos, videos, audio, voice messages (`message.is_audio_message`) and stickers
/// (`is_sticker`) get their kinds; HEIC and HEIF pictures (what iPhones take) are files with a note, as no
/// browser but Safari shows them.
struct IMessageAttachments {
    /// The folder that stands for `~/Library/Messages` (holding `Attachments/`); an iPhone backup's folder.
    let root: URL
    /// In an iPhone backup, its files under `Library/SMS/` in `MediaDomain`: an attachment's path is looked up
    /// there, and the file's place in the backup (`ab/ab12…`) is the path given to the model.
    var backupFiles: IOSBackupFiles?

    /// The note shown with a HEIC picture.
    static let heicNote = "HEIC image: browsers other than Safari cannot show it"

    /// The attachment as a kind; `isHEIC` when it is a HEIC or HEIF picture shown as a file; `missing`, in a
    /// backup, when its file is not there (its path, and why).
    func kind(
        of attachment: IMessageDatabase.Attachment, isAudioMessage: Bool
    ) -> (kind: MessageKind, isHEIC: Bool, missing: (path: String, location: IOSBackupFiles.Location)?) {
        var file = attachment.filename.flatMap(Self.relativePath)
        let fileName = attachment.filename.map { ($0 as NSString).lastPathComponent }
        let name = attachment.transferName.flatMap { $0.isEmpty ? nil : $0 } ?? fileName
        let ext = ((file ?? name ?? "") as NSString).pathExtension.lowercased()
        var missing: (path: String, location: IOSBackupFiles.Location)?
        if let backupFiles, let path = file {
            switch backupFiles.locate(path) {
            case .stored(let stored): file = stored
            case let location:
                missing = (path, location)
                file = nil
            }
        }
        var item = MediaItem(file: file, name: name)
        if let name, let file, (file as NSString).lastPathComponent == name { item.name = nil }
        if file == nil, item.name == nil { item.name = "attachment" }
        item.mimeType = attachment.mimeType.flatMap { $0.isEmpty ? nil : $0 }
        item.size = attachment.totalBytes.flatMap { $0 > 0 ? Int($0) : nil }
        let (kind, isHEIC) = Self.kind(of: item, ext: ext, attachment: attachment, isAudioMessage: isAudioMessage)
        return (kind, isHEIC, missing)
    }

    private static func kind(
        of item: MediaItem, ext: String, attachment: IMessageDatabase.Attachment, isAudioMessage: Bool
    ) -> (kind: MessageKind, isHEIC: Bool) {
        var item = item
        let mime = attachment.mimeType?.lowercased() ?? ""
        if ["heic", "heics", "heif", "heifs"].contains(ext) || ["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"].contains(mime) {
            item.caption = heicNote
            return (.file(item), true)
        }
        if attachment.isSticker { return (.sticker(item), false) }
        if mime.hasPrefix("image/") || photoExtensions.contains(ext) { return (.photo(item), false) }
        if mime.hasPrefix("video/") || videoExtensions.contains(ext) { return (.video(item), false) }
        if mime.hasPrefix("audio/") || audioExtensions.contains(ext) {
            return (isAudioMessage ? .voice(item) : .audio(item), false)
        }
        return (.file(item), false)
    }

    /// The path inside `root` of a file the database names: what follows `Library/Messages/` (or, in an iOS
    /// backup's database, `Library/SMS/`): `~/Library/Messages/Attachments/ab/12/X/a.jpg` → `Attachments/ab/12/X/a.jpg`;
    /// a relative path as it is; nil for a path elsewhere.
    static func relativePath(_ filename: String) -> String? {
        let path = filename.replacingOccurrences(of: "\\", with: "/")
        for marker in ["Library/Messages/", "Library/SMS/"] {
            if let range = path.range(of: marker) { return nonEmpty(String(path[range.upperBound...])) }
        }
        guard !path.hasPrefix("/"), !path.hasPrefix("~") else { return nil }
        return nonEmpty(path)
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    static let photoExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "bmp", "avif", "tif", "tiff"]
    static let videoExtensions: Set<String> = ["mp4", "mov", "m4v", "webm", "3gp", "avi", "mkv"]
    static let audioExtensions: Set<String> = ["caf", "m4a", "mp3", "aac", "wav", "amr", "aiff", "opus", "ogg", "flac"]
}
