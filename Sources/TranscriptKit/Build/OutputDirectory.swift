import Foundation

/// Where a build writes: a fresh staging folder beside the output folder, swapped into place only when the
/// whole build succeeded. A failed build removes its staging folder and leaves the previous output as it was.
final class OutputDirectory {
    /// The folder the finished site ends up in.
    let destination: URL
    /// The folder being written.
    let staging: URL
    private(set) var bytesWritten = 0
    private(set) var filesWritten = 0
    private var createdFolders: Set<String> = []

    init(destination: URL) throws {
        self.destination = destination.standardizedFileURL
        let parent = self.destination.deletingLastPathComponent()
        let name = self.destination.lastPathComponent
        staging = parent.appendingPathComponent(".\(name).building-\(ProcessInfo.processInfo.processIdentifier)")
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            if manager.fileExists(atPath: staging.path) { try manager.removeItem(at: staging) }
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw TranscriptsError(file: parent.path, message: "cannot create the output folder (\(error.localizedDescription))")
        }
    }

    /// Writes `contents` at `relativePath` (made only of our own safe path components) inside the site.
    func write(_ contents: String, to relativePath: String) throws {
        try write([contents], to: relativePath)
    }

    /// Writes the parts one after another into one file, without joining them in memory first.
    func write(_ parts: [String], to relativePath: String) throws {
        try withFile(relativePath) { descriptor in
            for var part in parts {
                if let failure = part.withUTF8({ Self.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }) { return failure }
                bytesWritten += part.utf8.count
            }
            return nil
        }
    }

    /// Writes bytes at `relativePath`.
    func write(_ data: Data, to relativePath: String) throws {
        try withFile(relativePath) { descriptor in
            if let failure = data.withUnsafeBytes({ Self.writeAll($0, to: descriptor) }) { return failure }
            bytesWritten += data.count
            return nil
        }
    }

    /// Opens a new file in the staging folder, lets `body` write to it (returning an errno on failure).
    private func withFile(_ relativePath: String, _ body: (Int32) -> Int32?) throws {
        precondition(!relativePath.hasPrefix("/") && !relativePath.split(separator: "/").contains(".."),
                     "output paths are built by transcripts itself")
        let url = staging.appendingPathComponent(relativePath)
        let folder = url.deletingLastPathComponent()
        do {
            if !createdFolders.contains(folder.path) {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                createdFolders.insert(folder.path)
            }
        } catch {
            throw TranscriptsError(file: folder.path, message: "cannot create the folder (\(error.localizedDescription))")
        }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw TranscriptsError(file: url.path, message: "cannot write the file (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        if let failure = body(descriptor) {
            throw TranscriptsError(file: url.path, message: "cannot write the file (\(String(cString: strerror(failure))))")
        }
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

    /// Puts the staging folder in the output folder's place and removes the previous output.
    func commit() throws {
        let manager = FileManager.default
        let previous = staging.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).previous-\(ProcessInfo.processInfo.processIdentifier)")
        do {
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
            if movedAside { try manager.removeItem(at: previous) }
        } catch {
            throw TranscriptsError(file: destination.path, message: "cannot replace the output folder (\(error.localizedDescription))")
        }
    }

    /// Removes the staging folder after a failed build.
    func discard() {
        try? FileManager.default.removeItem(at: staging)
    }
}
