import Foundation
import Testing

@testable import TranscriptSite

/// The phone-made media files of `Fixtures/media` (`scripts/make-media-fixtures.sh`), each with a GPS position,
/// make, model and dates, and what exiftool reads back of a file.
enum MediaFixtures {
    static let folder = TestSupport.fixtures.appendingPathComponent("media")
    static let names = ["photo.heic", "video.mp4", "video.mov", "voice.m4a"]

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    /// Text the fixtures hold as it is, which no stripped copy may hold.
    static let secrets = ["iPhone", "Apple", "F2LXQ0C1N7Y4", "Rue Cler", "+48.8584+002.2945", "2024:05:02"]

    /// The top-level boxes of an ISO base media file (type and contents, in order).
    static func boxes(_ data: Data) -> [(type: String, body: Data)] {
        let bytes = [UInt8](data)
        var boxes: [(String, Data)] = []
        var position = 0
        while position + 8 <= bytes.count {
            var size = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            var header = 8
            if size == 1, position + 16 <= bytes.count {
                size = bytes[position + 8..<position + 16].reduce(0) { $0 << 8 | Int($1) }
                header = 16
            }
            if size == 0 { size = bytes.count - position }
            guard size >= header, position + size <= bytes.count else { break }
            let type = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
            boxes.append((type, Data(bytes[position + header..<position + size])))
            position += size
        }
        return boxes
    }

    /// The contents of the first top-level box of `type`.
    static func box(_ type: String, of data: Data) -> Data? { boxes(data).first { $0.type == type }?.body }

    /// The item properties of a HEIF file (its `meta` box's `iprp`: the decoder's configuration, the size, the
    /// rotation).
    static func itemProperties(of data: Data) -> Data? {
        guard let meta = box("meta", of: data), meta.count > 4 else { return nil }
        return boxes(Data(meta.dropFirst(4))).first { $0.type == "iprp" }?.body  // after the version and flags
    }

    /// The picture of `photo.heic` as heif-enc coded it: the last 26 bytes of its media data (exiftool put the
    /// EXIF and XMP before them).
    static func codedPicture() throws -> Data {
        let mediaData = try #require(box("mdat", of: try data("photo.heic")))
        return mediaData.suffix(26)
    }

    /// What exiftool reads of the file at `url`, every group and embedded track (`-a -G1 -s -ee -n`), as
    /// `[group] name` → value.
    static func tags(of url: URL) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ExifTool.program())
        process.arguments = ["-a", "-G1", "-s", "-ee", "-n", url.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let said = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var tags: [String: String] = [:]
        for line in String(decoding: said, as: UTF8.self).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            tags[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return tags
    }

    /// The tags of the file at `url` that tell where, when or with what it was made (dates that are zero aside).
    static func personalTags(of url: URL) throws -> [String] {
        let personal = /GPS|Location|Make|Model|Serial|Software|CreationDate|DateTimeOriginal|CreatorTool|Title|Date/
        return try tags(of: url).filter { name, value in
            !name.hasPrefix("[System]") && name.contains(personal) && value != "0000:00:00 00:00:00" && value != "0"
        }.map { "\($0.key): \($0.value)" }.sorted()
    }
}
