import Foundation
import ZIPFoundation

/// An EPUB's zip container, the same bytes for the same files: `mimetype` first and stored, then
/// `META-INF/container.xml` and the book's files in the order given, each dated 1980-01-01 00:00 (the zip
/// format's first day) with the same permissions. Text is compressed; pictures, compressed already, are stored.
enum EPUBContainer {
    /// The folder of the book's files in the container.
    static let folder = "EPUB/"

    /// The container of `files` (paths relative to `folder`), with `containerXML` as `META-INF/container.xml`.
    static func make(containerXML: [UInt8], files: [(path: String, bytes: Data)]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        try add("mimetype", Data("application/epub+zip".utf8), to: archive, compressed: false)
        try add("META-INF/container.xml", Data(containerXML), to: archive, compressed: true)
        for file in files {
            try add(folder + file.path, file.bytes, to: archive, compressed: !isCompressedAlready(file.path))
        }
        guard let data = archive.data else { throw CocoaError(.fileWriteUnknown) }
        return data
    }

    /// The date every entry has: 1980-01-01 00:00 UTC (ZIPFoundation writes entries' times in UTC).
    static let entryDate = Date(timeIntervalSince1970: 315_532_800)

    private static func add(_ path: String, _ data: Data, to archive: Archive, compressed: Bool) throws {
        try archive.addEntry(
            with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: entryDate, permissions: 0o644,
            compressionMethod: compressed ? .deflate : .none
        ) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }

    private static func isCompressedAlready(_ path: String) -> Bool {
        ["jpg", "jpeg", "png", "gif"].contains(path.split(separator: ".").last?.lowercased() ?? "")
    }
}
