import Foundation
import Synchronization
import TranscriptModel
import TranscriptSupport

/// Removes what HEIC, HEIF and AVIF pictures and QuickTime and MP4 files (MOV, MP4, M4V, M4A, 3GP) say besides
/// their pictures and sound, with exiftool and without encoding them again: the media data is copied byte for
/// byte, and only the boxes around it change.
///
/// - Pictures: EXIF (GPS position, make, model, serial number, times), XMP and IPTC are removed; the EXIF
///   orientation is written back, alone (the picture's own rotation, its `irot` property, stays as it is).
/// - Movies and sound: the `Keys` (`com.apple.quicktime.location.ISO6709`, make, model, software, creation
///   date), `ItemList`, `UserData` (`©xyz`, `loci`), XMP and the other metadata exiftool can write are removed,
///   and the dates of the movie's, tracks' and media's headers become zero. The tracks' matrices, and with them
///   a video's rotation, stay.
///
/// A batch of files is one exiftool process (its start is most of the time of a small file). The stripped
/// copies are written in `folder`, never over the files read; the caller reads and removes them.
final class ExifToolStripper: Sendable {
    /// What a file is, for the arguments it is stripped with.
    enum Kind: Sendable {
        /// A HEIF picture (HEIC, HEIF, AVIF).
        case picture
        /// A QuickTime or MP4 movie or sound file.
        case movie
    }

    /// Why a file could not be stripped.
    enum Failure: Error, Equatable, Sendable {
        /// exiftool cannot be run: why, and how to install it.
        case toolMissing(String)
        /// exiftool could not read or write the file (not what its extension says, or broken): what it said.
        case broken(String)
    }

    /// The kinds of files it strips, by extension (lower case).
    static let kinds: [String: Kind] = [
        "heic": .picture, "heif": .picture, "avif": .picture,
        "mov": .movie, "mp4": .movie, "m4v": .movie, "m4a": .movie, "3gp": .movie,
    ]

    /// What changes the stripped copies' bytes: part of the build cache's keys, so that a site built before is
    /// stripped again.
    static let fingerprint = "exiftool 1: -all=, orientation kept, header dates zero"

    /// The arguments that strip a file of `kind` (before `-o` and the file names).
    static func arguments(for kind: Kind) -> [String] {
        // -m: minor problems (such as an odd box a phone wrote) do not stop the writing.
        switch kind {
        case .picture: ["-q", "-m", "-all=", "-tagsFromFile", "@", "-Orientation"]
        case .movie:
            ["-q", "-m", "-all=", "-CreateDate=", "-ModifyDate=", "-TrackCreateDate=", "-TrackModifyDate=",
             "-MediaCreateDate=", "-MediaModifyDate="]
        }
    }

    /// The folder the stripped copies are written in.
    let folder: URL
    private let environment: [String: String]
    /// The program, looked up once; or why it cannot run.
    private let program = Mutex<Result<String, Failure>?>(nil)
    /// The number of the next batch (each writes its copies in a folder of its own).
    private let batches = Mutex(0)

    /// A stripper that writes its copies in `folder` and finds exiftool through `environment`
    /// (`TRANSCRIPTS_EXIFTOOL`, `PATH`).
    init(folder: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.folder = folder
        self.environment = environment
    }

    /// Strips `files` (absolute paths, each with its kind) with one exiftool process; for each, its stripped
    /// copy (in `folder`; the caller removes it) or why there is none.
    func strip(_ files: [(url: URL, kind: Kind)]) -> [Result<URL, Failure>] {
        guard !files.isEmpty else { return [] }
        let program: String
        switch lookUp() {
        case .success(let found): program = found
        case .failure(let failure): return files.map { _ in .failure(failure) }
        }
        let batch = batches.withLock { number in
            defer { number += 1 }
            return folder.appendingPathComponent("batch-\(number)", isDirectory: true)
        }
        do {
            try FileManager.default.createDirectory(at: batch, withIntermediateDirectories: true)
        } catch {
            return files.map { _ in .failure(.broken("cannot make the folder for its copy (\(TranscriptsError.sentence(for: error)))")) }
        }
        defer { try? FileManager.default.removeItem(at: batch.appendingPathComponent("arguments")) }
        var lines: [String] = []
        var copies: [URL] = []
        for (index, file) in files.enumerated() {
            let fileExtension = file.url.pathExtension
            let copy = batch.appendingPathComponent(fileExtension.isEmpty ? "\(index)" : "\(index).\(fileExtension)")
            copies.append(copy)
            lines += Self.arguments(for: file.kind)
            lines += ["-o", copy.path, Self.argumentLine(for: file.url, index: index, in: batch)]
            lines.append("-execute")
        }
        let argumentFile = batch.appendingPathComponent("arguments")
        let said: String
        do {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: argumentFile)
            said = try ExifTool.run(program, argumentFile: argumentFile)
        } catch {
            let reason = (error as? TranscriptsError)?.message ?? TranscriptsError.sentence(for: error)
            return files.map { _ in .failure(.toolMissing(reason)) }
        }
        return zip(files, copies).map { file, copy in
            var size = stat()
            if stat(copy.path, &size) == 0, size.st_size > 0 { return .success(copy) }
            return .failure(.broken(Self.complaint(about: file.url, in: said)))
        }
    }

    private func lookUp() -> Result<String, Failure> {
        program.withLock { known in
            if let known { return known }
            let found: Result<String, Failure>
            do {
                found = .success(try ExifTool.program(environment: environment))
            } catch {
                found = .failure(.toolMissing((error as? TranscriptsError)?.message ?? "\(error)"))
            }
            known = found
            return found
        }
    }

    /// The line of the argument file that names `file`: its absolute path, which no option starts like. A path
    /// with a line break, which one line cannot hold, is linked (or copied) into the batch's folder first.
    private static func argumentLine(for file: URL, index: Int, in batch: URL) -> String {
        let path = file.path
        guard path.hasPrefix("/"), !path.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            let fileExtension = file.pathExtension.filter { $0.isLetter || $0.isNumber }
            let safe = batch.appendingPathComponent("source-\(index)" + (fileExtension.isEmpty ? "" : "." + fileExtension))
            if (try? FileManager.default.linkItem(at: file, to: safe)) == nil {
                try? FileManager.default.copyItem(at: file, to: safe)
            }
            return safe.path
        }
        return path
    }

    /// What exiftool said about `file`: its lines that name it, without the name.
    private static func complaint(about file: URL, in said: String) -> String {
        let lines = said.split(whereSeparator: \.isNewline).filter { $0.contains(file.path) || $0.contains(file.lastPathComponent) }
            .map { line in
                var line = line.replacingOccurrences(of: " - " + file.path, with: "").trimmingCharacters(in: .whitespaces)
                for prefix in ["Error: ", "Warning: "] where line.hasPrefix(prefix) { line.removeFirst(prefix.count) }
                return line
            }
        return lines.isEmpty ? "exiftool wrote no copy of it" : "exiftool: " + lines.prefix(2).joined(separator: "; ")
    }
}
