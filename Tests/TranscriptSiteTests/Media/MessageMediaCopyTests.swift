import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSite

/// Copying a conversation's files with reading ahead on all cores (`MessageMedia.copy`, `MediaCopier.prepare`)
/// gives what copying them one by one gives: the same copies and refusals, the same files in the site, the
/// same look-ups recorded for the build cache and the same warnings, in the same order.
@Suite struct MessageMediaCopyTests {
    /// An export folder with photos (some with metadata, one named twice, one in HEIC, one broken), a file over
    /// the read-ahead size, a video with its thumbnail, and paths that are missing or leave the folder.
    static func exportFolder() throws -> (folder: URL, messages: [Message]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        func write(_ name: String, _ bytes: [UInt8]) throws {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        var kinds: [MessageKind] = []
        for number in 0..<40 {
            let jpeg = number % 3 == 0 ? MetadataStripperTests.jpegWithMetadata() : MetadataStripperTests.plainJPEG
            try write("photos/p\(number).jpg", jpeg + Array("picture \(number)".utf8))
            kinds.append(.photo(MediaItem(file: "photos/p\(number).jpg")))
            if number % 7 == 0 { kinds.append(.text("between")) }
        }
        try write("photos/same.jpg", MetadataStripperTests.plainJPEG + Array("picture 1".utf8))
        try write("photos/phone.heic", Array("heic bytes".utf8))
        try write("photos/broken.jpg", [0xFF, 0xD8, 0xFF, 0xE1, 0xFF])
        try write("big.mp4", [UInt8](repeating: 7, count: MediaCopier.preparedSizeLimit + 1))
        try write("photos/thumb.jpg", MetadataStripperTests.plainJPEG)
        try write("page.html", Array("<script>".utf8))
        kinds += [
            .photo(MediaItem(file: "photos/p5.jpg")), .photo(MediaItem(file: "photos/same.jpg")),
            .photo(MediaItem(file: "photos/phone.heic")), .photo(MediaItem(file: "photos/broken.jpg")),
            .video(MediaItem(file: "big.mp4", thumbnail: "photos/thumb.jpg")), .file(MediaItem(file: "page.html")),
            .photo(MediaItem(file: "photos/missing.jpg")), .photo(MediaItem(file: "../outside.jpg")),
            .video(MediaItem(file: "big.mp4", thumbnail: "page.html")),
        ]
        let messages = kinds.enumerated().map { number, kind in
            Message(id: "\(number)", sender: "ann", date: Timestamp(secondsSince1970: Double(number)), kind: kind)
        }
        return (folder, messages)
    }

    struct Outcome: Equatable {
        var media: [Int: String]
        var problems: [String]
        var dependencies: [MediaDependency]
        var warnings: [String]
        var files: [String: Data]
    }

    static func copy(_ messages: [Message], from folder: URL, readingAhead: Bool) throws -> Outcome {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let output = try OutputDirectory(destination: destination)
        let copier = MediaCopier(output: output)
        copier.recordsDependencies = true
        copier.stripsMetadata = true
        var media: [Int: MessageMedia] = [:]
        var problems: [(path: String, reason: String)] = []
        if readingAhead {
            (media, problems) = MessageMedia.copy(messages, from: folder, with: copier)
        } else {
            for index in messages.indices {
                let paths = MessageMedia.paths(of: messages[index].kind)
                guard !paths.isEmpty else { continue }
                var item = MessageMedia()
                for (path, imageOnly, isThumbnail) in paths {
                    switch copier.copy(path, from: folder, imageOnly: imageOnly) {
                    case .success(let copied): if isThumbnail { item.thumbnail = copied } else { item.file = copied }
                    case .failure(let refusal):
                        item.problems.append((path, refusal.stringKey))
                        problems.append((path, refusal.description))
                    }
                }
                media[index] = item
            }
        }
        try output.commit()
        let names = try FileManager.default.contentsOfDirectory(atPath: destination.appendingPathComponent("media").path)
        var files: [String: Data] = [:]
        for name in names { files[name] = try Data(contentsOf: destination.appendingPathComponent("media/" + name)) }
        return Outcome(
            media: media.mapValues { item in
                "\(item.file?.sitePath ?? "-") \(item.file?.width ?? 0) \(item.thumbnail?.sitePath ?? "-") "
                    + item.problems.map { "\($0.path):\($0.reason)" }.joined(separator: ",")
            },
            problems: problems.map { "\($0.path): \($0.reason)" }, dependencies: copier.takeDependencies(),
            warnings: copier.takeMetadataWarnings(), files: files)
    }

    @Test func readingAheadGivesWhatCopyingOneByOneGives() throws {
        let (folder, messages) = try Self.exportFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Old enough to be trusted by the stamps the look-ups record.
        let old = Date(timeIntervalSinceNow: -3600)
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.appendingPathComponent(name).path)
        }
        let oneByOne = try Self.copy(messages, from: folder, readingAhead: false)
        let ahead = try Self.copy(messages, from: folder, readingAhead: true)
        #expect(ahead == oneByOne)
        // What the outcome holds, so that equal outcomes are not equally empty.
        // 40 photos (same.jpg has p1.jpg's bytes: one copy), the thumbnail, the HEIC, the broken JPEG, the big
        // video, and page.html as a .bin.
        #expect(oneByOne.files.count == 40 + 5)
        #expect(oneByOne.problems == [
            "photos/missing.jpg: does not exist", "../outside.jpg: leads outside the export's folder",
            "page.html: is not an image (png, jpg, gif, webp, avif)",
        ])
        #expect(oneByOne.warnings.count == 2)
        #expect(oneByOne.dependencies.count == messages.reduce(0) { $0 + MessageMedia.paths(of: $1.kind).count })
        #expect(oneByOne.dependencies.allSatisfy { $0.refusal != nil || $0.stamp != nil })
    }

    /// The kinds that name no file are passed over before their files are looked for (`MessageKind.mayNameFiles`):
    /// every kind that names one says it may.
    @Test func kindsThatNameFilesSaySo() {
        let item = MediaItem(file: "photos/a.jpg", thumbnail: "photos/a-thumb.jpg")
        let kinds: [MessageKind] = [
            .text("see photos/a.jpg"), .markdown("**photos/a.jpg**"), .photo(item), .video(item), .audio(item), .voice(item),
            .file(item), .sticker(item), .linkPreview(LinkPreview(url: "https://example.org", image: "photos/a.jpg")),
            .location(Location(latitude: 1, longitude: 2, name: "photos/a.jpg")),
        ]
        for kind in kinds {
            #expect(kind.mayNameFiles == !MessageMedia.paths(of: kind).isEmpty, "\(kind.typeName)")
        }
        #expect(kinds.filter(\.mayNameFiles).count == 7)
    }
}
