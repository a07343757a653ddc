import Foundation

/// The type of a file without an extension (an iPhone backup stores every file under its hash), told by its
/// first bytes: the extension its copy in the site gets, so browsers show a photo as a photo. Only types a
/// chat's media are known to have are told; anything else stays without one (and is stored as `.bin`).
enum FileSignature {
    /// The extension of the file at `url`, from its first 16 bytes; nil when they are of no type known here.
    static func fileExtension(of url: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 16) else { return nil }
        return fileExtension(of: Array(head))
    }

    /// The extension of a file that starts with `head`.
    static func fileExtension(of head: [UInt8]) -> String? {
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpg" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if ascii("GIF87a") || ascii("GIF89a") { return "gif" }
        if ascii("RIFF"), ascii("WEBP", at: 8) { return "webp" }
        if ascii("RIFF"), ascii("WAVE", at: 8) { return "wav" }
        if ascii("%PDF-") { return "pdf" }
        if ascii("OggS") { return "ogg" }
        if ascii("#!AMR") { return "amr" }
        if ascii("ID3") || starts([0xFF, 0xFB]) || starts([0xFF, 0xF3]) { return "mp3" }
        if ascii("BEGIN:VCARD") { return "vcf" }
        if ascii("ftyp", at: 4) {
            let brand = head.count >= 12 ? String(decoding: head[8..<12], as: UTF8.self) : ""
            switch brand {
            case "heic", "heix", "hevc", "heim", "heis", "mif1", "msf1": return "heic"
            case "avif", "avis": return "avif"
            case "M4A ", "M4B ": return "m4a"
            case "qt  ": return "mov"
            case "3gp4", "3gp5", "3gp6", "3g2a": return "3gp"
            default: return "mp4"
            }
        }
        return nil
    }
}
