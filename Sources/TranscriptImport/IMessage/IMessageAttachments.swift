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
    /// The folder that stands for `~/Library/Messages` (holding `Attachments/`).
    let root: URL

    /// The note shown with a HEIC picture.
    static let heicNote = "HEIC image: browsers other than Safari cannot show it"

    /// The attachment as a kind; `isHEIC` when it is a HEIC or HEIF picture shown as a file.
    func kind(of attachment: IMessageDatabase.Attachment, isAudioMessage: Bool) -> (kind: MessageKind, isHEIC: Bool) {
        let file = attachment.filename.flatMap(Self.relativePath)
        let fileName = attachment.filename.map { ($0 as NSString).lastPathComponent }
        let name = attachment.transferName.flatMap { $0.isEmpty ? nil : $0 } ?? fileName
        var item = MediaItem(file: file, name: name)
        if let name, let file, (file as NSString).lastPathComponent == name { item.name = nil }
        if file == nil, item.name == nil { item.name = "attachment" }
        item.mimeType = attachment.mimeType.flatMap { $0.isEmpty ? nil : $0 }
        item.size = attachment.totalBytes.flatMap { $0 > 0 ? Int($0) : nil }
        let ext = ((file ?? name ?? "") as NSString).pathExtension.lowercased()
        let mime = attachment.mimeType?.lowercased() ?? ""
        if ["heic", "heics", "heif", "heifs"].contains(ext) || ["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"].contains(mime) {
            item.caption = Self.heicNote
            return (.file(item), true)
        }
        if attachment.isSticker { return (.sticker(item), false) }
        if mime.hasPrefix("image/") || Self.photoExtensions.contains(ext) { return (.photo(item), false) }
        if mime.hasPrefix("video/") || Self.videoExtensions.contains(ext) { return (.video(item), false) }
        if mime.hasPrefix("audio/") || Self.audioExtensions.contains(ext) {
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
