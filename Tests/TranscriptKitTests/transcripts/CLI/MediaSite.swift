import Foundation
import TranscriptTestSupport

/// A site whose conversation names the phone-made media files of `Tests/Fixtures/media`, as the site's
/// `MediaMetadataBuildTests` make it, for the command's runs.
enum MediaSite {
    static let messages = [
        #"{"id":"1","sender":"ann","date":"2024-05-02T09:10:00Z","type":"photo","photo":{"file":"media/photo.heic"}}"#,
        #"{"id":"2","sender":"ann","date":"2024-05-02T09:11:00Z","type":"video","video":{"file":"media/video.mp4"}}"#,
        #"{"id":"3","sender":"ann","date":"2024-05-02T09:12:00Z","type":"video","video":{"file":"media/video.mov"}}"#,
        #"{"id":"4","sender":"ann","date":"2024-05-02T09:13:00Z","type":"voice","voice":{"file":"media/voice.m4a"}}"#,
    ]

    /// A site whose conversation holds the first `count` messages, with the four files beside it.
    static func make(count: Int, name: String = #function) throws -> URL {
        let site = try TestSupport.makeSite(
            config: "title: Trip\n", conversations: ["chat.json": TestSupport.conversation(messages: Array(messages.prefix(count)))],
            name: name)
        let media = site.appendingPathComponent("conversations/media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        for file in ["photo.heic", "video.mp4", "video.mov", "voice.m4a"] {
            try FileManager.default.copyItem(
                at: TestSupport.fixtures.appendingPathComponent("media/" + file), to: media.appendingPathComponent(file))
        }
        return site
    }

    /// Every file under `folder` (relative path → bytes).
    static func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            result[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }
}
