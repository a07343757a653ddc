import Foundation
import TranscriptSupport

/// `protection.json`, written at the top of a protected site: how its key is derived (the salt and rounds
/// are public; they are in every locked page too). The next build reads it to keep the salt, so that files
/// that did not change keep their bytes.
///
/// ```json
/// {"format":"transcripts protected site","version":1,"cipher":"AES-256-GCM","kdf":"PBKDF2-HMAC-SHA256",
///  "iterations":600000,"salt":"…","media":true}
/// ```
struct ProtectionRecord: Codable, Equatable {
    static let fileName = "protection.json"
    static let formatName = "transcripts protected site"

    var format = formatName
    var version = 1
    var cipher = "AES-256-GCM"
    var kdf = "PBKDF2-HMAC-SHA256"
    var iterations: Int
    var salt: String
    var media: Bool

    init(iterations: Int, salt: SiteSalt, media: Bool) {
        self.iterations = iterations
        self.salt = salt.base64
        self.media = media
    }

    /// The file's text: its keys in a fixed order, one line.
    var json: String {
        "{\"format\":\"\(format)\",\"version\":\(version),\"cipher\":\"\(cipher)\",\"kdf\":\"\(kdf)\",\"iterations\":\(iterations),"
            + "\"salt\":\"\(salt)\",\"media\":\(media)}\n"
    }

    /// The record in the site at `folder`, when there is a readable one of this version.
    static func read(inSite folder: URL) -> ProtectionRecord? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(fileName).path),
              let record = try? JSONDecoder().decode(ProtectionRecord.self, from: data),
              record.format == formatName, record.version == 1, SiteSalt(base64: record.salt) != nil
        else { return nil }
        return record
    }
}
