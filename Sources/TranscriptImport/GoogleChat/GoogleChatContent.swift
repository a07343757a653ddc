import Foundation
import TranscriptJSON
import TranscriptModel

/// What one Google Chat message shows, as kinds of the model: its text, the link cards of its annotations,
/// and its attached files, in that order.
///
/// Text uses Google Chat's markup, which is WhatsApp's: `*bold*`, `_italic_`, `~strike~`, `` `code` `` and
/// ```` ```blocks``` ````, with the same rules for where a marker opens and closes; so it is read by
/// `WhatsAppFormatting` (text without markup stays plain text).
struct GoogleChatContent {
    /// The group's folder (symlinks resolved), where attached files are.
    let folder: String

    /// The text as a `text` or `markdown` kind, with a quote of another message before it when given; nil for
    /// no text and no quote.
    func textKind(_ text: String, quote: (name: String?, text: String)?) -> MessageKind? {
        let formatted = WhatsAppFormatting.markdown(Array(text.utf8))
        guard let quote else {
            guard !text.allSatisfy(\.isWhitespace) else { return nil }
            return formatted.map { .markdown($0) } ?? .text(text)
        }
        var writer = MarkdownWriter()
        writer.quote { inner in
            if let name = quote.name {
                inner.bold { $0.append(name) }
                inner.append(quote.text.isEmpty ? "" : ": ")
            }
            inner.append(quote.text)
        }
        if let formatted {
            return .markdown(writer.markdown + formatted)
        }
        writer.append(text)
        return .markdown(writer.markdown)
    }

    // MARK: Annotations

    /// The kinds an annotation adds to the text: a link card for a web page with a title or snippet, a Drive
    /// file or a video call the text does not show; an `unsupported` item for a kind of annotation this
    /// reader does not know that is not tied to the text (so it would otherwise not be shown). Annotations of
    /// the text itself (formatting, mentions, links, YouTube videos) add nothing.
    func annotationKinds(_ annotation: JSONValue, text: String) -> [MessageKind] {
        guard case .object(let fields) = annotation else { return [.unsupported(UnsupportedContent(type: "annotation", raw: annotation))] }
        let length = fields["length"]?.takeoutInt ?? 0
        let start = fields["start_index"]?.takeoutInt ?? 0
        let inText = length > 0 && start >= 0 && start + length <= text.utf16.count
        if let metadata = fields["url_metadata"] {
            guard let url = Self.wrappedURL(metadata.takeoutMember("url")) ?? metadata.takeoutMember("url")?.takeoutString else { return [] }
            let title = metadata.takeoutMember("title")?.takeoutText, snippet = metadata.takeoutMember("snippet")?.takeoutText
            guard title != nil || snippet != nil || !inText else { return [] }
            return [.linkPreview(LinkPreview(url: url, title: title, description: snippet))]
        }
        if let metadata = fields["drive_metadata"] {
            guard !inText, let id = metadata.takeoutMember("id")?.takeoutText else { return [] }
            let url = "https://drive.google.com/open?id=" + (id.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? id)
            return [.linkPreview(LinkPreview(url: url, title: metadata.takeoutMember("title")?.takeoutText, siteName: "Google Drive"))]
        }
        if let metadata = fields["video_call_metadata"] {
            guard !inText, let url = metadata.takeoutMember("meeting_space")?.takeoutMember("meeting_url")?.takeoutText else { return [] }
            return [.linkPreview(LinkPreview(url: url, title: "Video call", siteName: "Google Meet"))]
        }
        if fields["youtube_metadata"] != nil || fields["format_metadata"] != nil || fields["user_mention_metadata"] != nil
            || fields["interaction_data"] != nil || inText
        {
            return []
        }
        let type = fields.keys.sorted().first { $0 != "length" && $0 != "start_index" } ?? "annotation"
        return [.unsupported(UnsupportedContent(type: type, raw: annotation))]
    }

    /// `{"private_do_not_access_or_else_safe_url_wrapped_value": "https://…"}`, Takeout's wrapper of a URL.
    static func wrappedURL(_ value: JSONValue?) -> String? {
        value?.takeoutMember("private_do_not_access_or_else_safe_url_wrapped_value")?.takeoutText
    }

    // MARK: Attachments

    /// An attached file (`{"original_name", "export_name"}`) as a photo, video, audio or file by its extension.
    /// `file` is the file Takeout wrote for it in the group's folder (see `diskName`), when it is there;
    /// otherwise nil, and the file is a placeholder with its name. `occurrence` counts the earlier attachments
    /// of the group with the same disk name.
    func mediaKind(originalName: String?, exportName: String?, occurrence: Int) -> MessageKind {
        let file = exportName.flatMap { localFile($0, occurrence: occurrence) }
        let name = originalName.flatMap { $0.isEmpty ? nil : $0 } ?? exportName
        var item = MediaItem(file: file, name: name)
        if let name, let file, name == file { item.name = nil }
        let ext = ((file ?? name ?? "") as NSString).pathExtension.lowercased()
        if Self.photoExtensions.contains(ext) { return .photo(item) }
        if Self.videoExtensions.contains(ext) { return .video(item) }
        if Self.audioExtensions.contains(ext) { return .audio(item) }
        return .file(item)
    }

    /// The name Takeout gives an attachment's file on disk: the export name with `?` and `:` written as `_`,
    /// and `.jpg` added when it has no extension (`File-4926?account_id=3.png` → `File-4926_account_id=3.png`).
    static func diskName(_ exportName: String) -> String {
        var name = exportName.replacingOccurrences(of: "?", with: "_").replacingOccurrences(of: ":", with: "_")
        if (name as NSString).pathExtension.isEmpty { name += ".jpg" }
        return name
    }

    /// The file of the `occurrence`-th attachment (from 0) with this export name: Takeout numbers the files of
    /// later ones `NAME(1).EXT`, `NAME(2).EXT`, ...; the name as written is tried too.
    private func localFile(_ exportName: String, occurrence: Int) -> String? {
        let disk = Self.diskName(exportName)
        var candidates = [disk, exportName]
        if occurrence > 0 {
            let ext = (disk as NSString).pathExtension
            let stem = String(disk.dropLast(ext.count + 1))
            candidates.insert("\(stem)(\(occurrence)).\(ext)", at: 0)
        }
        for candidate in candidates {
            if case .success = ExportFile.resolve(candidate, inRealFolder: folder) { return candidate }
        }
        return nil
    }

    static let photoExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "bmp", "avif"]
    static let videoExtensions: Set<String> = ["mp4", "mov", "webm", "mkv", "m4v", "3gp", "avi"]
    static let audioExtensions: Set<String> = ["mp3", "m4a", "wav", "ogg", "opus", "aac", "flac", "amr"]
}

extension JSONValue {
    /// The member `key` of an object.
    func takeoutMember(_ key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields[key]
    }

    var takeoutString: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The text of a string that is not empty.
    var takeoutText: String? {
        guard let text = takeoutString, !text.isEmpty else { return nil }
        return text
    }

    /// A whole number.
    var takeoutInt: Int? {
        guard case .number(let number) = self, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }
}
