import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptSupport

/// Where a build writes: a fresh staging folder beside the output folder, swapped into place only when the
/// whole build succeeded. A failed build removes its staging folder and leaves the previous output as it was.
///
/// With `linksUnchangedFiles`, a file whose bytes equal the previous output's file at the same path is not
/// written again: it is hard-linked into the staging folder (one directory entry, no bytes copied). The staging
/// folder always holds the whole new site, and `commit()` exchanges it with the previous output in one step
/// (`FolderExchange`), so the output is at every moment the previous site or the new one, whole: also when the
/// build is killed, at any point. The folders a killed build leaves beside the output are removed by the next.
///
/// With `sealing` (a protected site), files are stored as it says (sealed) while everything else, callers
/// and digests, deals with the files as made: paths are the made files' paths and digests are of the made
/// bytes (with the sealing's fingerprint), so only a file whose made bytes changed is sealed again.
final class OutputDirectory {
    /// The folder the finished site ends up in.
    let destination: URL
    /// The folder being written.
    package let staging: URL
    /// The bytes and files of the site (written or linked).
    private(set) var bytesWritten = 0
    private(set) var filesWritten = 0
    /// The files taken over from the previous output unchanged (a part of `filesWritten`).
    private(set) var filesLinked = 0
    /// Whether files equal to the previous output's are linked instead of written.
    let linksUnchangedFiles: Bool
    /// Whether the staging folder started as the spare of the output a build before replaced (`SpareFolder`): any
    /// path may hold a file the build did not make, until the commit sweeps them.
    private(set) var startedFromSpare = false
    /// Whether a file of the previous output had to be copied (a file system without hard links): then a spare
    /// would hold a whole copy of the site, and none is kept.
    private var copiedInsteadOfLinked = false
    private var createdFolders: Set<String> = []
    /// The paths (in the staging folder) written or linked so far.
    private var madePaths: Set<String> = []
    /// The previous build's digests of its files (from the build cache), and this build's of the files it made.
    var previousDigests = OutputDigests()
    private(set) var madeDigests: [String: UInt64] = [:]
    /// The stamps of the files this build made or took over, by made path, taken when they were written or
    /// linked (a file keeps its stamp when the staging folder becomes the output).
    private var madeStamps: [String: FileStamp] = [:]
    /// Files of the previous output being linked into the staging folder on another thread (`linkAhead`).
    private var linkingAhead: FilesLinkedAhead?
    /// Files linked ahead that the build has not taken (by stored path); the ones left are removed at the commit.
    private var linkedAhead: [String: FilesLinkedAhead.Candidate] = [:]
    /// How files are stored, when not as made (a protected site's files are sealed).
    var sealing: (any OutputSealing)?
    /// The two folders' paths, for building file paths without URL operations (thousands per build).
    private let stagingPath: String
    private let destinationPath: String

    init(destination: URL, linksUnchangedFiles: Bool = false) throws {
        self.destination = destination.standardizedFileURL
        self.linksUnchangedFiles = linksUnchangedFiles
        let parent = self.destination.deletingLastPathComponent()
        let name = self.destination.lastPathComponent
        staging = parent.appendingPathComponent(".\(name).building-\(ProcessInfo.processInfo.processIdentifier)")
        stagingPath = staging.path
        destinationPath = self.destination.path
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            Self.removeLeftovers(of: name, in: parent)
            if manager.fileExists(atPath: staging.path) { try manager.removeItem(at: staging) }
            if linksUnchangedFiles, SpareFolder.take(SpareFolder.path(of: name, in: parent.path), to: staging.path) {
                startedFromSpare = true
            } else {
                try manager.createDirectory(at: staging, withIntermediateDirectories: false)
            }
        } catch {
            throw TranscriptsError(file: parent.path, message: "cannot create the output folder (\(TranscriptsError.sentence(for: error)))")
        }
    }

    /// Starts linking the previous output's files under `prefix` (a folder, `search/`) into the staging folder on
    /// another thread: those still as the previous build made them. Nothing else may write under `prefix` until
    /// the stage that does; this directory waits for the links when it is first asked about a path there.
    func linkAhead(under prefix: String) {
        guard linksUnchangedFiles, linkingAhead == nil else { return }
        let candidates = previousDigests.entries.compactMap { path, entry in
            path.hasPrefix(prefix)
                ? FilesLinkedAhead.Candidate(madePath: path, storedPath: storedPath(path), stamp: entry.stamp) : nil
        }
        guard !candidates.isEmpty else { return }
        linkingAhead = FilesLinkedAhead(
            prefix: prefix, candidates: candidates, from: destinationPath, into: stagingPath, keepingSameFiles: startedFromSpare)
    }

    /// Waits for the files being linked ahead, when `path` (a made or stored path) is under their folder (any
    /// path when nil), and takes them into this directory's records.
    private func finishLinkingAhead(before path: String? = nil) {
        guard let job = linkingAhead, path.map({ $0.hasPrefix(job.prefix) }) ?? true else { return }
        linkingAhead = nil
        let result = job.wait()
        createdFolders.formUnion(result.folders)
        for (stored, candidate) in result.files {
            madePaths.insert(stored)
            linkedAhead[stored] = candidate
        }
    }

    /// Removes the files linked ahead that the build did not take.
    private func removeUnusedLinkedAhead() {
        finishLinkingAhead()
        for stored in linkedAhead.keys.sorted() {
            unlink(stagingPath + "/" + stored)
            madePaths.remove(stored)
        }
        linkedAhead = [:]
    }

    /// Removes the staging and previous-output folders that builds of this output left behind when they were
    /// killed (`.NAME.building-PID`, `.NAME.previous-PID` whose process is gone). Folders of a build that is
    /// still running are left alone. A build killed between the two renames of a commit without an exchange
    /// left no output and its previous output aside: that is moved back first.
    static func removeLeftovers(of name: String, in parent: URL) {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: parent.path) else { return }
        let own = ProcessInfo.processInfo.processIdentifier
        let dead = entries.filter { entry in
            guard let process = leftoverProcess(entry, of: name), process != own else { return false }
            return kill(process, 0) != 0 && errno == ESRCH
        }
        let destination = parent.appendingPathComponent(name)
        if !manager.fileExists(atPath: destination.path), let previous = dead.first(where: { $0.hasPrefix(".\(name).previous-") }) {
            try? manager.moveItem(at: parent.appendingPathComponent(previous), to: destination)
        }
        for entry in dead {
            FolderRemoval.remove(parent.appendingPathComponent(entry).path)
        }
    }

    /// The process id in the name of a build's staging or previous-output folder of the output `name`.
    static func leftoverProcess(_ entry: String, of name: String) -> Int32? {
        for kind in ["building", "previous"] {
            let prefix = ".\(name).\(kind)-"
            if entry.hasPrefix(prefix), let process = Int32(entry.dropFirst(prefix.count)), process > 0 { return process }
        }
        return nil
    }

    /// Writes `contents` at `relativePath` (made only of our own safe path components) inside the site.
    func write(_ contents: String, to relativePath: String) throws {
        try write([contents], to: relativePath)
    }

    /// Writes the parts one after another into one file, without joining them in memory first.
    func write<Part: FilePart>(_ parts: [Part], to relativePath: String) throws {
        finishLinkingAhead(before: relativePath)
        let digest = madeDigest(of: parts)
        guard let path = try place(parts, at: relativePath, digest: digest) else { return }
        try record(Self.create(path, parts), madeAt: relativePath)
    }

    /// Writes each file as `write(_:to:)` does, one after another, with their digests made and their bytes written
    /// on all cores.
    func write<Part: FilePart>(all files: [(path: String, parts: [Part])]) throws {
        // A path given twice is made twice, the second time replacing the first: one after another.
        guard files.count > 1, Set(files.map(\.path)).count == files.count else {
            for file in files { try write(file.parts, to: file.path) }
            return
        }
        let fingerprint = sealing?.fingerprint
        let digests = try files.concurrentMap { Self.digest(of: $0.parts, sealedAs: fingerprint) }
        var created: [(file: Int, path: String)] = []
        for (number, file) in files.enumerated() {
            finishLinkingAhead(before: file.path)
            if let path = try place(file.parts, at: file.path, digest: digests[number]) { created.append((number, path)) }
        }
        let results = try created.concurrentMap { Self.create($0.path, files[$0.file].parts) }
        for (item, result) in zip(created, results) { try record(result, madeAt: files[item.file].path) }
    }

    /// The digest of a made file's bytes, given as parts: with sealing, its fingerprint comes first.
    private func madeDigest<Part: FilePart>(of parts: [Part]) -> UInt64 {
        Self.digest(of: parts, sealedAs: sealing?.fingerprint)
    }

    /// The digest of the file's bytes, whatever parts they come in (as `previousBytesIfUnchanged` digests them whole).
    private static func digest<Part: FilePart>(of parts: [Part], sealedAs fingerprint: String?) -> UInt64 {
        var whole = FastDigest.LaneParts(into: digester(sealedAs: fingerprint))
        for part in parts { part.withBytes { whole.add($0) } }
        return whole.finished().value
    }

    /// Makes room for the file made at `relativePath` with bytes `parts` and `digest`: the path to create in the
    /// staging folder, or nil when the previous output's file was linked (or the file was stored sealed).
    private func place<Part: FilePart>(_ parts: [Part], at relativePath: String, digest: UInt64) throws -> String? {
        madeDigests[relativePath] = digest
        if let sealing, !sealing.storesAsMade(relativePath) {
            if linksUnchangedFiles, try linkIfMadeEqual(relativePath, digest: digest) { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(parts.reduce(0) { $0 + $1.byteCount })
            for part in parts { part.withBytes { bytes += $0 } }
            try writeStored(try sealing.stored(bytes, madeAt: relativePath), madeAt: relativePath)
            return nil
        }
        if linksUnchangedFiles {
            let size = parts.reduce(0) { $0 + $1.byteCount }
            if try linkIfEqual(relativePath, size: size, digest: digest, equals: { previous in
                var offset = 0
                for part in parts {
                    let count = part.byteCount
                    guard count > 0 else { continue }
                    if !part.withBytes({ memcmp(previous.baseAddress! + offset, $0.baseAddress!, count) == 0 }) { return false }
                    offset += count
                }
                return true
            }) { return nil }
        }
        return try prepare(relativePath)
    }

    /// What creating a file gave: its stamp and size, or the system's error.
    private struct Created: Sendable {
        var path: String
        var stamp: FileStamp?
        var bytes = 0
        var failure: Int32?
    }

    /// Creates the file at `path` (a new path of the staging folder) holding `parts`, one after another.
    private static func create<Part: FilePart>(_ path: String, _ parts: [Part]) -> Created {
        var created = Created(path: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            created.failure = errno
            return created
        }
        defer { close(descriptor) }
        for part in parts {
            if let failure = part.withBytes({ writeAll($0, to: descriptor) }) {
                created.failure = failure
                return created
            }
            created.bytes += part.byteCount
        }
        var info = stat()
        created.stamp = fstat(descriptor, &info) == 0 ? FileStamp(info) : nil
        return created
    }

    /// Counts a file created for the file made at `madePath`; an error naming it when it could not be.
    private func record(_ created: Created, madeAt madePath: String) throws {
        bytesWritten += created.bytes
        if let failure = created.failure {
            throw TranscriptsError(file: created.path, message: "cannot write the file (\(String(cString: strerror(failure))))")
        }
        madeStamps[madePath] = created.stamp
        filesWritten += 1
    }

    /// Writes bytes at `relativePath`.
    func write(_ data: Data, to relativePath: String) throws {
        finishLinkingAhead(before: relativePath)
        var digester = madeDigester()
        data.withUnsafeBytes { digester.addInLanes($0) }
        madeDigests[relativePath] = digester.value
        if let sealing, !sealing.storesAsMade(relativePath) {
            if linksUnchangedFiles, try linkIfMadeEqual(relativePath, digest: digester.value) { return }
            return try writeStored(try sealing.stored([UInt8](data), madeAt: relativePath), madeAt: relativePath)
        }
        if linksUnchangedFiles, try linkIfEqual(relativePath, size: data.count, digest: digester.value, equals: { previous in
            data.withUnsafeBytes { $0.count == 0 || memcmp(previous.baseAddress!, $0.baseAddress!, $0.count) == 0 }
        }) { return }
        try withFile(relativePath, madeAt: relativePath) { descriptor in
            if let failure = data.withUnsafeBytes({ Self.writeAll($0, to: descriptor) }) { return failure }
            bytesWritten += data.count
            return nil
        }
    }

    /// The path the file made at `relativePath` is stored at (another one only when `sealing` says so).
    func storedPath(_ relativePath: String) -> String {
        sealing?.storedPath(relativePath) ?? relativePath
    }

    /// A digester for the bytes of a made file: with sealing, its fingerprint comes first.
    private func madeDigester() -> FastDigest {
        Self.digester(sealedAs: sealing?.fingerprint)
    }

    private static func digester(sealedAs fingerprint: String?) -> FastDigest {
        var digester = FastDigest()
        if let fingerprint { digester.add("stored as " + fingerprint) }
        return digester
    }

    /// The stamp the file this build made (or took over) at `relativePath` will have in the finished output.
    func stampOfMade(_ relativePath: String) -> FileStamp? {
        madeStamps[relativePath] ?? FileStamp(path: stagingPath + "/" + storedPath(relativePath))
    }

    /// The stamp of the file made at `relativePath` once the build is committed (the output's file).
    func stampInOutput(_ relativePath: String) -> FileStamp? {
        madeStamps[relativePath] ?? FileStamp(path: destinationPath + "/" + storedPath(relativePath))
    }

    /// The previous output's file made at `relativePath`, when it is a regular file: its stamp.
    func previousStamp(_ relativePath: String) -> FileStamp? {
        FileStamp(path: destinationPath + "/" + storedPath(relativePath))
    }

    /// Whether the previous output's file made at `relativePath` is still the one the previous build made
    /// and has `size` bytes as made (stored otherwise, it is enough that it is still the file that build made).
    func previousHasSize(_ relativePath: String, size: Int) -> Bool {
        if let sealing, !sealing.storesAsMade(relativePath) { return previousIsUnchanged(relativePath) }
        finishLinkingAhead(before: relativePath)
        if let ahead = linkedAhead[relativePath] { return ahead.stamp.size == Int64(size) }
        return previousStamp(relativePath)?.size == Int64(size)
    }

    /// Whether the previous output's file made at `relativePath` is still the file the previous build made
    /// (its stamp is the one stored with its digest).
    func previousIsUnchanged(_ relativePath: String) -> Bool {
        guard let entry = previousDigests.entries[relativePath] else { return false }
        finishLinkingAhead(before: relativePath)
        // Linked ahead: it had the stamp then, and the link is the same file.
        if linkedAhead[storedPath(relativePath)] != nil { return true }
        return FileStamp(path: destinationPath + "/" + storedPath(relativePath)) == entry.stamp
    }

    /// The bytes of the previous output's file made at `relativePath`, as made, when it is still the file the
    /// previous build made (the same stamp and digest).
    func previousBytesIfUnchanged(_ relativePath: String) -> [UInt8]? {
        guard let entry = previousDigests.entries[relativePath], previousIsUnchanged(relativePath),
              let data = FileManager.default.contents(atPath: destinationPath + "/" + storedPath(relativePath))
        else { return nil }
        var bytes = [UInt8](data)
        if let sealing {
            guard let made = sealing.made(fromStored: bytes, at: relativePath) else { return nil }
            bytes = made
        }
        var digest = madeDigester()
        bytes.withUnsafeBytes { digest.addInLanes($0) }
        return digest.value == entry.digest ? bytes : nil
    }

    /// Takes the previous output's file made at `relativePath` into the site unchanged (a hard link, or a
    /// copy); false when there is no such file.
    func link(_ relativePath: String) throws -> Bool {
        let madePath = relativePath
        let relativePath = storedPath(madePath)
        finishLinkingAhead(before: relativePath)
        if let ahead = linkedAhead.removeValue(forKey: relativePath) {
            // Linked ahead, with the stamp its digest was made of.
            if madeDigests[madePath] == nil, let entry = previousDigests.entries[madePath] { madeDigests[madePath] = entry.digest }
            madeStamps[madePath] = ahead.stamp
            filesWritten += 1
            filesLinked += 1
            bytesWritten += Int(ahead.stamp.size)
            return true
        }
        let old = destinationPath + "/" + relativePath
        var info = stat()
        let isFile = lstat(old, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        // A file taken over keeps its digest, when it is still the file the digest was made of.
        if isFile, madeDigests[madePath] == nil, let entry = previousDigests.entries[madePath], FileStamp(info) == entry.stamp {
            madeDigests[madePath] = entry.digest
        }
        if isFile, startedFromSpare, !madePaths.contains(relativePath), SpareFolder.holds(stagingPath + "/" + relativePath, sameAs: info) {
            // The spare holds the output's file already: kept as it is.
            madePaths.insert(relativePath)
            madeStamps[madePath] = FileStamp(info)
            filesWritten += 1
            filesLinked += 1
            bytesWritten += Int(info.st_size)
            return true
        }
        let path = try prepare(relativePath)
        guard isFile else { return false }
        if Foundation.link(old, path) == 0 {
            // The same file: the stamp is the one just read.
            madeStamps[madePath] = FileStamp(info)
        } else {
            do {
                try FileManager.default.copyItem(atPath: old, toPath: path)
            } catch {
                throw TranscriptsError(file: path, message: "cannot copy the previous output's file (\(TranscriptsError.sentence(for: error)))")
            }
            madeStamps[madePath] = FileStamp(path: path)
            copiedInsteadOfLinked = true
        }
        filesWritten += 1
        filesLinked += 1
        bytesWritten += Int(info.st_size)
        return true
    }

    /// Takes the file at `source` (a regular file outside the output: a part of the site made by a shard) into
    /// the site at `relativePath`, as stored: a hard link, or a copy where links cannot be made.
    func adopt(_ source: String, at relativePath: String) throws {
        let path = try prepare(relativePath)
        var info = stat()
        guard lstat(source, &info) == 0 else {
            throw TranscriptsError(file: source, message: "this file went away while it was taken into the site")
        }
        if Foundation.link(source, path) != 0 {
            do {
                try FileManager.default.copyItem(atPath: source, toPath: path)
            } catch {
                throw TranscriptsError(file: path, message: "cannot copy the file into the site (\(TranscriptsError.sentence(for: error)))")
            }
        }
        filesWritten += 1
        bytesWritten += Int(info.st_size)
    }

    /// Links the previous output's file made at `relativePath` (stored otherwise than made) when it is still
    /// the file the previous build made of bytes with `digest`; whether it did.
    private func linkIfMadeEqual(_ relativePath: String, digest: UInt64) throws -> Bool {
        guard let entry = previousDigests.entries[relativePath], entry.digest == digest, previousIsUnchanged(relativePath)
        else { return false }
        return try link(relativePath)
    }

    /// Writes the bytes stored for the file made at `relativePath`.
    private func writeStored(_ bytes: [UInt8], madeAt relativePath: String) throws {
        try withFile(storedPath(relativePath), madeAt: relativePath) { descriptor in
            if let failure = bytes.withUnsafeBytes({ Self.writeAll($0, to: descriptor) }) { return failure }
            bytesWritten += bytes.count
            return nil
        }
    }

    /// Links the previous output's file at `relativePath` when it has `size` bytes and `equals` says they are
    /// the new bytes; whether it did.
    private func linkIfEqual(
        _ relativePath: String, size: Int, digest: UInt64, equals: (UnsafeRawBufferPointer) -> Bool
    ) throws -> Bool {
        if let ahead = linkedAhead[relativePath] {
            // Linked ahead, so still the file the previous build made: equal when its digest is.
            return ahead.stamp.size == Int64(size) && previousDigests.entries[relativePath]?.digest == digest
                ? try link(relativePath) : false
        }
        let old = destinationPath + "/" + relativePath
        guard let stamp = FileStamp(path: old), stamp.size == Int64(size) else { return false }
        // The file as the previous build made it, and the same digest: equal without reading it.
        if let entry = previousDigests.entries[relativePath], entry.stamp == stamp {
            return entry.digest == digest ? try link(relativePath) : false
        }
        guard size > 0 else { return try link(relativePath) }
        guard let previous = try? Data(contentsOf: URL(fileURLWithPath: old), options: .alwaysMapped), previous.count == size,
              previous.withUnsafeBytes(equals)
        else { return false }
        return try link(relativePath)
    }

    /// Makes the folder of `relativePath` in the staging folder and removes anything already at the path
    /// (a file of the staging folder may be a link to the previous output's: it is replaced, never written).
    private func prepare(_ relativePath: String) throws -> String {
        precondition(Self.staysInside(relativePath), "output paths are built by transcripts itself")
        let path = stagingPath + "/" + relativePath
        if let slash = relativePath.lastIndex(of: "/") {
            let folder = stagingPath + "/" + relativePath[..<slash]
            do {
                if !createdFolders.contains(folder) {
                    if startedFromSpare {
                        try SpareFolder.makeFolder(folder, inside: stagingPath)
                    } else {
                        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    }
                    createdFolders.insert(folder)
                }
            } catch {
                throw TranscriptsError(file: folder, message: "cannot create the folder (\(TranscriptsError.sentence(for: error)))")
            }
        }
        // Only a path this build made already, or linked ahead, can hold a file, and any path of a spare.
        if linkedAhead.removeValue(forKey: relativePath) != nil {
            unlink(path)
        } else if !madePaths.insert(relativePath).inserted {
            if unlink(path) == 0 { filesWritten -= 1 }
        } else if startedFromSpare {
            SpareFolder.clear(path)
        }
        return path
    }

    /// Whether a relative path neither starts at the root nor has a `..` component (checked without making
    /// a string per component: every file of the site passes here).
    static func staysInside(_ path: String) -> Bool {
        guard path.utf8.first != UInt8(ascii: "/") else { return false }
        var length = 0, dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 2, dots == 2 { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return !(length == 2 && dots == 2)
    }

    /// Opens a new file at `relativePath` in the staging folder (the file made at `madePath`), lets `body` write
    /// to it (returning an errno on failure), and keeps the written file's stamp.
    private func withFile(_ relativePath: String, madeAt madePath: String, _ body: (Int32) -> Int32?) throws {
        let path = try prepare(relativePath)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw TranscriptsError(file: path, message: "cannot write the file (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        if let failure = body(descriptor) {
            throw TranscriptsError(file: path, message: "cannot write the file (\(String(cString: strerror(failure))))")
        }
        var info = stat()
        madeStamps[madePath] = fstat(descriptor, &info) == 0 ? FileStamp(info) : nil
        filesWritten += 1
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Puts the staging folder in the output folder's place, in one step when the system can (`FolderExchange`),
    /// and removes the previous output on another thread while `meanwhile` runs.
    ///
    /// After an incremental build that took most of its files over unchanged, the previous output is kept as the
    /// next build's spare (`SpareFolder`) instead.
    func commit(meanwhile: () throws -> Void = {}) throws {
        removeUnusedLinkedAhead()
        if startedFromSpare { SpareFolder.sweep(stagingPath, keeping: madePaths) }
        let previous = try swapIn()
        let spare = SpareFolder.path(of: destination.lastPathComponent, in: destination.deletingLastPathComponent().path)
        var removed: [String] = []
        if let previous {
            // A spare costs the old bytes of the files that changed: kept when at most a quarter did, and the
            // others are links.
            let keepsSpare = linksUnchangedFiles && !copiedInsteadOfLinked && filesLinked * 4 >= filesWritten * 3 && filesLinked > 0
            if !keepsSpare || rename(previous.path, spare) != 0 { removed.append(previous.path) }
        }
        if !linksUnchangedFiles { removed.append(spare) }
        let removal = DispatchGroup()
        if !removed.isEmpty {
            // Killed while removing it, the next build removes the rest (a folder whose process is gone). A thread of
            // its own, as for `FilesLinkedAhead`.
            removal.enter()
            let paths = removed
            Thread {
                for path in paths { FolderRemoval.remove(path) }
                removal.leave()
            }.start()
        }
        defer { removal.wait() }
        try meanwhile()
    }

    /// Swaps the staging folder in; the folder that now holds the previous output, if there was one.
    private func swapIn() throws -> URL? {
        let manager = FileManager.default
        var info = stat()
        if lstat(destinationPath, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, FolderExchange.exchange(stagingPath, destinationPath) {
            // The staging folder's name now holds the previous output.
            return staging
        }
        let previous = staging.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).previous-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            // Without an exchange: two renames. Killed between them, the next build moves the previous output
            // back (`removeLeftovers`).
            var movedAside = false
            if manager.fileExists(atPath: destination.path) {
                try manager.moveItem(at: destination, to: previous)
                movedAside = true
            }
            do {
                try manager.moveItem(at: staging, to: destination)
            } catch {
                if movedAside { try? manager.moveItem(at: previous, to: destination) }
                throw error
            }
            return movedAside ? previous : nil
        } catch {
            throw TranscriptsError(file: destination.path, message: "cannot replace the output folder (\(TranscriptsError.sentence(for: error)))")
        }
    }

    /// Removes the staging folder after a failed build.
    func discard() {
        finishLinkingAhead()
        FolderRemoval.remove(staging.path)
    }
}
