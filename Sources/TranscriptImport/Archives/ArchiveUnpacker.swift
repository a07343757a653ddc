import Foundation
import TranscriptModel
import TranscriptSupport

/// Unpacks an archive of an export (`ArchiveKind`) into a folder of the workspace, within bounds: no member lands
/// outside the folder, and the archive expands to at most `expansionLimit(archiveSize:)`.
///
/// The bound holds against what members claim and what they give: a zip archive's members are added up from its
/// central directory before anything is unpacked, a tar's one by one as their headers come (a compressed tar would
/// otherwise be read twice), and a member that gives more than it claimed, or an archive more than the bound, stops
/// the unpacking. libarchive checks the checksums as it reads (`ArchiveReader`); a compressed tar's gzip trailers,
/// which libarchive does not check, are checked first (`GzipCheck`).
struct ArchiveUnpacker {
    /// Where archives are unpacked, each into a folder named after its path.
    let workspace: URL
    /// Whether an archive unpacked before and unchanged since (by its stamp) is used as it is.
    let reusesUnpacked: Bool

    /// What an archive of `archiveSize` bytes may expand to: a hundred times its size, at least 1 GB and at most
    /// 64 GB. Chat exports are mostly photos and videos, which do not compress; a zip bomb expands a thousand times
    /// and more.
    static func expansionLimit(archiveSize: Int64) -> Int64 {
        min(64_000_000_000, max(1_000_000_000, archiveSize &* 100))
    }

    /// A member that gives more bytes than it claimed, or an archive more than its bound.
    private struct Overflow: Error {}

    /// Unpacks the `kind` archive at `archiveURL` (shown as `displayPath` in errors) and returns its folder.
    func unpack(_ archiveURL: URL, kind: ArchiveKind, displayPath: String) throws -> URL {
        let destination = workspace.appendingPathComponent("zip-" + ContentName.of(Data(archiveURL.path.utf8)))
        let stampFile = URL(fileURLWithPath: destination.path + ".archive")
        let archiveStamp = FileStamp(path: archiveURL.path).map { "\($0.size) \($0.modified) \($0.inode) \($0.device)" }
        if reusesUnpacked {
            var isFolder: ObjCBool = false
            if let archiveStamp, (try? String(contentsOf: stampFile, encoding: .utf8)) == archiveStamp,
               FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder), isFolder.boolValue
            {
                return destination
            }
            try? FileManager.default.removeItem(at: stampFile)
            try? FileManager.default.removeItem(at: destination)
        }
        if kind == .tar, GzipCheck.isGzip(archiveURL) {
            do {
                try GzipCheck.verify(archiveURL)
            } catch let failure as GzipCheck.Failure {
                throw TranscriptsError(file: displayPath, message: "the archive is damaged (\(Self.gzipProblem(failure))): not unpacked")
            }
        }
        let archiveSize = Int64(FileStamp(path: archiveURL.path)?.size ?? 0)
        let limit = Self.expansionLimit(archiveSize: archiveSize)
        if kind == .zip {
            let claimed = try open(archiveURL, kind: kind, displayPath: displayPath) { reader in
                var total: Int64 = 0
                while let member = try reader.nextMember() { total &+= max(0, member.claimedSize ?? 0) }
                return total
            }
            try checkClaims(claimed, archiveSize: archiveSize, limit: limit, displayPath: displayPath)
        }
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try open(archiveURL, kind: kind, displayPath: displayPath) { reader in
            var claimed: Int64 = 0
            var unpacked: Int64 = 0
            while let member = try reader.nextMember() {
                claimed &+= max(0, member.claimedSize ?? 0)
                try checkClaims(claimed, archiveSize: archiveSize, limit: limit, displayPath: displayPath)
                guard let target = Self.target(of: member, in: destination) else { continue }
                do {
                    try write(member, to: target, from: reader, unpacked: &unpacked, limit: limit)
                } catch is Overflow {
                    throw TranscriptsError(
                        file: displayPath, path: member.path,
                        message: "this member gives more bytes than its header claims, or the archive more than \(Self.bytesText(limit)): not unpacked")
                } catch let failure as ArchiveReader.Failure {
                    throw TranscriptsError(
                        file: displayPath, path: member.path,
                        message: failure.isChecksumMismatch
                            ? "this member is damaged (its CRC-32 checksum does not match)"
                            : "this member is damaged (\(failure.description))")
                } catch {
                    throw TranscriptsError(
                        file: displayPath, path: member.path,
                        message: "cannot unpack this member of the \(kind.name) (\(TranscriptsError.sentence(for: error)))")
                }
            }
        }
        if reusesUnpacked, let archiveStamp { try? archiveStamp.write(to: stampFile, atomically: true, encoding: .utf8) }
        return destination
    }

    /// Opens the archive and reads it with `body`; an archive that cannot be opened, or whose headers are damaged,
    /// is an error naming it.
    private func open<T>(_ url: URL, kind: ArchiveKind, displayPath: String, _ body: (ArchiveReader) throws -> T) throws -> T {
        do {
            return try body(try ArchiveReader(url: url, kind: kind))
        } catch let failure as ArchiveReader.Failure {
            throw TranscriptsError(
                file: displayPath, message: "cannot read the \(kind.name) (it is not one, or it is damaged: \(failure.description))")
        }
    }

    private func checkClaims(_ claimed: Int64, archiveSize: Int64, limit: Int64, displayPath: String) throws {
        guard claimed > limit else { return }
        throw TranscriptsError(
            file: displayPath,
            message: "its members claim \(Self.bytesText(claimed)), more than an export of \(Self.bytesText(archiveSize)) may expand to (\(Self.bytesText(limit))): not unpacked")
    }

    /// Where `member` goes in `destination`; nil for what is never unpacked: links and devices, absolute paths and
    /// paths with `..`, and the Finder's `__MACOSX` and `._` files.
    private static func target(of member: ArchiveReader.Member, in destination: URL) -> URL? {
        let path = member.path.replacingOccurrences(of: "\\", with: "/")
        let components = path.split(separator: "/")
        guard member.kind != .other, !path.hasPrefix("/"), !components.isEmpty, !components.contains(".."),
              !components.contains("__MACOSX"), !components.contains(where: { $0.hasPrefix("._") })
        else { return nil }
        let root = destination.standardizedFileURL.path
        let target = destination.appendingPathComponent(path).standardizedFileURL
        guard target.path.hasPrefix(root + "/") else { return nil }
        return target
    }

    /// Writes a folder, or a file's bytes, counting them against what it claimed and the archive's bound.
    private func write(
        _ member: ArchiveReader.Member, to target: URL, from reader: ArchiveReader, unpacked: inout Int64, limit: Int64
    ) throws {
        if member.kind == .folder {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            return
        }
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: target.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: target)
        defer { try? handle.close() }
        var written: Int64 = 0
        var total = unpacked
        try reader.readMember { bytes in
            written += Int64(bytes.count)
            total += Int64(bytes.count)
            guard written <= member.claimedSize ?? .max, total <= limit else { throw Overflow() }
            try handle.write(contentsOf: Data(bytes))
        }
        unpacked = total
    }

    /// What zlib found wrong with a gzip stream, in a user's words.
    private static func gzipProblem(_ failure: GzipCheck.Failure) -> String {
        switch failure.description {
        case "incorrect data check": "its gzip stream's CRC-32 checksum does not match the bytes it holds"
        case "incorrect length check": "its gzip stream's length does not match the bytes it holds"
        default: "gzip: \(failure.description)"
        }
    }

    private static func bytesText(_ bytes: Int64) -> String {
        MessageDetails.formatByteCount(Int(bytes))
    }
}
