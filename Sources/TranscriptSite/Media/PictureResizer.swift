import CVips
import Foundation

/// Pictures read, shrunk and written again with libvips: the one file that imports `CVips` and owns all its C
/// memory (every image is unreferenced and every buffer freed before a function returns). libvips is loaded when a
/// picture is first asked for; when it cannot be, every picture fails with the reason.
///
/// Only JPEG, PNG, GIF, WebP and HEIF (HEIC, AVIF) files are read, whatever their names say: libvips recognises
/// a file by its first bytes, and its other loaders (documents, scientific formats) are not for an export's files.
/// What it writes holds no metadata: no EXIF, XMP or ICC profile (pictures are turned to sRGB first).
enum PictureResizer {
    /// The kinds of picture read.
    enum Format: String, Sendable {
        case jpeg, png, gif, webp, heif
    }

    /// What a picture's header says.
    struct Header: Equatable, Sendable {
        var format: Format
        /// The size as stored (before its orientation turns it).
        var width: Int
        var height: Int
        /// The EXIF orientation, 1 (as stored) to 8.
        var orientation: Int
        var hasAlpha: Bool
    }

    /// The kind of file to write.
    enum Output: Equatable, Sendable {
        case jpeg(quality: Int)
        case png
    }

    /// A picture written: its bytes and its size.
    struct Picture: Sendable {
        var data: Data
        var width: Int
        var height: Int
    }

    /// Why a picture could not be read or written, in libvips's words.
    struct Failure: Error, Equatable, Sendable {
        var reason: String
    }

    /// libvips loaded and started, once per process (nil when it could not be).
    private static let started: Failure? = {
        var reason = [CChar](repeating: 0, count: 512)
        guard transcripts_vips_start(&reason, reason.count) != 0 else { return nil }
        return Failure(reason: String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }()

    /// The header of the picture at `url`; its pixels are not read.
    static func header(of url: URL) -> Result<Header, Failure> {
        if let started { return .failure(started) }
        let format: Format
        switch self.format(of: url) {
        case .success(let found): format = found
        case .failure(let failure): return .failure(failure)
        }
        guard let image = transcripts_vips_open(url.path) else { return .failure(failure("it cannot be read", of: url)) }
        defer { transcripts_vips_unref(image) }
        return .success(Header(
            format: format, width: Int(transcripts_vips_width(image)), height: Int(transcripts_vips_height(image)),
            orientation: Int(transcripts_vips_orientation(image)), hasAlpha: transcripts_vips_has_alpha(image) != 0))
    }

    /// The picture at `url`, turned the way its orientation says, shrunk to fit `width` × `height` (never
    /// enlarged; cut to that box's shape about its centre first when `cropped`), written as `output`.
    static func resized(_ url: URL, width: Int, height: Int, cropped: Bool = false, as output: Output) -> Result<Picture, Failure> {
        if let started { return .failure(started) }
        if case .failure(let failure) = format(of: url) { return .failure(failure) }
        guard let image = transcripts_vips_thumbnail(url.path, Int32(width), Int32(height), cropped ? 1 : 0) else {
            return .failure(failure("it cannot be read", of: url))
        }
        defer { transcripts_vips_unref(image) }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let saved: Int32
        switch output {
        case .jpeg(let quality): saved = transcripts_vips_save_jpeg(image, Int32(quality), &buffer, &length)
        case .png: saved = transcripts_vips_save_png(image, &buffer, &length)
        }
        defer { transcripts_vips_free(buffer) }
        guard saved == 0, let buffer else { return .failure(failure("it cannot be written", of: url)) }
        return .success(Picture(
            data: Data(bytes: buffer, count: length), width: Int(transcripts_vips_width(image)),
            height: Int(transcripts_vips_height(image))))
    }

    /// The kind of picture at `url`, by the loader libvips finds for its first bytes.
    private static func format(of url: URL) -> Result<Format, Failure> {
        let loader = transcripts_vips_find_load(url.path).map { String(cString: $0) }
        transcripts_vips_error_clear()
        guard let loader else { return .failure(Failure(reason: "it is not a picture")) }
        // Such as VipsForeignLoadJpegFile, VipsForeignLoadNsgifFile.
        let name = loader.lowercased()
        for format in [Format.jpeg, .png, .gif, .webp, .heif] where name.hasPrefix("vipsforeignload") && name.contains(format.rawValue) {
            return .success(format)
        }
        return .failure(Failure(reason: "it is not a JPEG, PNG, GIF, WebP or HEIF picture"))
    }

    /// A failure saying `what` of the file at `url`, with libvips's last error when it has one (the file's path
    /// in it left out: the caller names the file).
    private static func failure(_ what: String, of url: URL) -> Failure {
        guard let error = lastError() else { return Failure(reason: what) }
        return Failure(reason: what + ": " + error.replacingOccurrences(of: "\"\(url.path)\"", with: "the file")
            .replacingOccurrences(of: url.path, with: "the file"))
    }

    /// libvips's error messages since the last call, on one line (and cleared).
    private static func lastError() -> String? {
        guard let copy = transcripts_vips_error_copy() else { return nil }
        defer { transcripts_vips_free(copy) }
        let text = String(cString: copy).split(whereSeparator: \.isNewline).joined(separator: "; ")
        return text.isEmpty ? nil : text
    }
}
