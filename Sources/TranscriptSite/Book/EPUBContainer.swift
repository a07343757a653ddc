import Foundation
import ZIPFoundation

/// An EPUB's zip container, the same bytes for the same files: `mimetype` first and stored, then
/// `META-INF/container.xml` and the book's files in the order given, each dated 1980-01-01 00:00 (the zip
/// format's first day) with the same permissions. Text is compressed; pictures, compressed already, are stored,
/// read from their files a part at a time (a conversation's photos need not fit in memory).
enum EPUBContainer {
    /// The folder of the book's files in the container.
    static let folder = "EPUB/"

    /// What a file of the book holds: bytes, or the file to read them from.
    enum Contents {
        case bytes(Data)
        case file(URL)
    }

    /// Writes the container of `files` (paths relative to `folder`), with `containerXML` as
    /// `META-INF/container.xml`, to `url` (which must not exist).
    static func write(containerXML: [UInt8], files: [(path: String, contents: Contents)], to url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        try add("mimetype", .bytes(Data("application/epub+zip".utf8)), to: archive, compressed: false)
        try add("META-INF/container.xml", .bytes(Data(containerXML)), to: archive, compressed: true)
        for file in files {
            try add(folder + file.path, file.contents, to: archive, compressed: !isCompressedAlready(file.path))
        }
    }

    /// The date every entry has: 1980-01-01 00:00 UTC (ZIPFoundation writes entries' times in UTC).
    static let entryDate = Date(timeIntervalSince1970: 315_532_800)

    private static func add(_ path: String, _ contents: Contents, to archive: Archive, compressed: Bool) throws {
        let method: CompressionMethod = compressed ? .deflate : .none
        switch contents {
        case .bytes(let data):
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: entryDate, permissions: 0o644,
                compressionMethod: method
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        case .file(let url):
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let size = try handle.seekToEnd()
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(size), modificationDate: entryDate, permissions: 0o644,
                compressionMethod: method
            ) { position, size in
                try handle.seek(toOffset: UInt64(position))
                return try handle.read(upToCount: size) ?? Data()
            }
        }
    }

    private static func isCompressedAlready(_ path: String) -> Bool {
        ["jpg", "jpeg", "png", "gif"].contains(path.split(separator: ".").last?.lowercased() ?? "")
    }
}
