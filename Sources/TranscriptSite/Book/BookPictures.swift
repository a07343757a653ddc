import Foundation
import TranscriptModel
import TranscriptRender
import TranscriptSupport

/// The pictures of a book, made fit for e-readers and screens (with `PictureResizer`, libvips): a photo larger
/// than `longestSide` is shrunk to it, turned the way its EXIF orientation says and written without metadata;
/// WebP and HEIF pictures (HEIC, AVIF), which reading systems need not show, become JPEGs (PNGs when they are
/// transparent); avatars are cut square and shrunk to `avatarSide`. A JPEG, PNG or GIF that fits and stands the
/// right way up is kept byte for byte, as is a GIF (it may move) and a JPEG, PNG or GIF libvips cannot read.
struct BookPictures: Sendable {
    /// The longest side of a message's picture or the cover, in pixels: an e-reader's screen is 1264 × 1680 at
    /// most (a 7-inch one at 300 dpi), and a phone's or a laptop's shows a picture of this size sharp.
    static let longestSide = 1600
    /// The quality of the JPEGs written (libjpeg's scale, 1 to 100): no loss the eye sees at that size.
    static let quality = 80
    /// The side of an avatar, in pixels: it is shown beside a name, three times as large for sharp screens.
    static let avatarSide = 96

    /// Whether the file at `sitePath` is a picture a book shows, or one it shows once converted (by its extension).
    static func isPicture(_ sitePath: String) -> Bool {
        ["jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "avif"].contains(sitePath.split(separator: ".").last?.lowercased() ?? "")
    }

    /// What a picture is in the book: a message's (or the cover), or an avatar.
    enum Role: Hashable, Sendable {
        case picture, avatar
    }

    /// One picture of the site to put in the book: its copy, its role and its name in the export (for warnings).
    struct Request: Sendable {
        var file: CopiedFile
        var role: Role
        var name: String
    }

    /// What becomes of one picture.
    enum Made: Sendable {
        /// The site's copy as it is.
        case kept
        /// A new picture, written to the file `url`, at `file.sitePath` in the book.
        case made(file: CopiedFile, url: URL)
        /// A picture the book cannot show: why.
        case unreadable(String)
    }

    /// The pictures made, by their path in the book, and the files the book cannot show, with the reason.
    var made: [Key: CopiedFile] = [:]
    var files: [String: URL] = [:]
    var unreadable: [(name: String, reason: String)] = []

    struct Key: Hashable, Sendable {
        var sitePath: String
        var role: Role
    }

    /// Makes the book's pictures of `requests`, whose copies are in `staging`, on all cores: the new ones are
    /// written into `folder` (which the caller removes once the book is made).
    init(_ requests: [Request], staging: URL, folder: URL) throws {
        var seen = Set<Key>()
        let unique = requests.filter { seen.insert(Key(sitePath: $0.file.sitePath, role: $0.role)).inserted }
        guard !unique.isEmpty else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let results = try unique.concurrentMap { request in
            Self.make(request.file, source: staging.appendingPathComponent(request.file.sitePath), role: request.role, in: folder)
        }
        for (request, result) in zip(unique, results) {
            switch result {
            case .kept: break
            case .made(let file, let url):
                made[Key(sitePath: request.file.sitePath, role: request.role)] = file
                files[file.sitePath] = url
            case .unreadable(let reason): unreadable.append((request.name, reason))
            }
        }
    }

    /// The book's copy of the site's `file` in `role`: the same, or the one made of it.
    func picture(_ file: CopiedFile, role: Role = .picture) -> CopiedFile {
        made[Key(sitePath: file.sitePath, role: role)] ?? file
    }

    /// What the book holds of the picture `file` (the site's copy, at `source`) in `role`.
    static func make(_ file: CopiedFile, source: URL, role: Role, in folder: URL) -> Made {
        let shown = BookImages.mediaType(of: file.sitePath) != nil
        let header: PictureResizer.Header
        switch PictureResizer.header(of: source) {
        case .success(let read): header = read
        case .failure(let failure): return shown ? .kept : .unreadable(failure.reason)
        }
        let bound = role == .avatar ? avatarSide : longestSide
        if shown, header.format == .gif || max(header.width, header.height) <= bound && header.orientation == 1 { return .kept }
        let output: PictureResizer.Output = header.hasAlpha || header.format == .png || header.format == .gif ? .png : .jpeg(quality: quality)
        switch PictureResizer.resized(source, width: bound, height: bound, cropped: role == .avatar, as: output) {
        case .failure(let failure):
            return shown ? .kept : .unreadable(failure.reason)
        case .success(let picture):
            let name = String(file.sitePath.split(separator: "/").last ?? "picture")
            let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
            let fileName = stem + (role == .avatar ? "-avatar" : "") + (output == .png ? ".png" : ".jpg")
            let url = folder.appendingPathComponent(fileName)
            do {
                try picture.data.write(to: url)
            } catch {
                return shown ? .kept : .unreadable("it cannot be written (\(TranscriptsError.sentence(for: error)))")
            }
            let folderPath = file.sitePath.split(separator: "/").dropLast().joined(separator: "/")
            return .made(
                file: CopiedFile(
                    sitePath: (folderPath.isEmpty ? "" : folderPath + "/") + fileName, size: picture.data.count,
                    width: picture.width, height: picture.height),
                url: url)
        }
    }
}
