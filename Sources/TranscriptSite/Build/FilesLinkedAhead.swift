import Foundation
import Synchronization
import TranscriptModel
import TranscriptSupport

/// Files of the previous output hard-linked into the staging folder on another thread, while the build reads
/// and renders on this one.
///
/// `OutputDirectory.linkAhead(under:)` starts it for a folder that only a later stage writes (the search
/// index's `search/`): an edit keeps almost all of those files, and linking thousands of them one by one is
/// most of that stage's time. A file is linked only when it is still the one the previous build made (its
/// stamp). The output directory waits for the links before it touches that folder, and takes each one the
/// stage keeps as linked; the ones the stage does not keep are removed before the commit.
final class FilesLinkedAhead: Sendable {
    /// A file to link: the path it was made at, the path it is stored at (the same unless the site is
    /// protected) and the stamp the previous build recorded for it.
    struct Candidate: Sendable {
        var madePath: String
        var storedPath: String
        var stamp: FileStamp
    }

    /// What was linked, by stored path, and the folders made for it in the staging folder.
    struct Result: Sendable {
        var files: [String: Candidate] = [:]
        var folders: Set<String> = []
    }

    /// The folder (`search/`) whose files are linked.
    let prefix: String
    private let done = DispatchGroup()
    private let result = Mutex(Result())

    /// Starts linking `candidates` from the folder `previous` into `staging` (both absolute paths). With
    /// `keepingSameFiles` (a staging folder made from a spare, `SpareFolder`), a path of the staging folder that
    /// is the previous output's file already is kept as it is, and anything else there is replaced.
    init(prefix: String, candidates: [Candidate], from previous: String, into staging: String, keepingSameFiles: Bool = false) {
        self.prefix = prefix
        done.enter()
        // A thread of its own: the links take a while, and a worker of the shared pool busy with them would leave
        // the pool one core short for the work that runs on all cores meanwhile.
        let thread = Thread { [self] in
            defer { done.leave() }
            var linked = Result()
            for candidate in candidates {
                // The paths joined at once and handed to the system in place (`withCString`; passed as strings,
                // each was copied into a new array first), the folder found from the bytes.
                let old = String.joining(previous, "/", candidate.storedPath)
                var info = stat()
                // Only the file the previous build made, as it made it.
                guard old.withCString({ lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG, FileStamp(info) == candidate.stamp
                else { continue }
                let new = String.joining(staging, "/", candidate.storedPath)
                if keepingSameFiles {
                    if SpareFolder.holds(new, sameAs: info) {
                        linked.files[candidate.storedPath] = candidate
                        continue
                    }
                    SpareFolder.clear(new)
                }
                if let slash = new.utf8.lastIndex(of: UInt8(ascii: "/")) {
                    let folder = String(new.utf8[..<slash])!
                    if !linked.folders.contains(folder) {
                        let made: ()? = keepingSameFiles
                            ? try? SpareFolder.makeFolder(folder, inside: staging)
                            : try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                        guard made != nil else { continue }
                        linked.folders.insert(folder)
                    }
                }
                // A file that cannot be linked is left to the stage, which links, copies or writes it.
                guard old.withCString({ old in new.withCString { Foundation.link(old, $0) } }) == 0 else { continue }
                linked.files[candidate.storedPath] = candidate
            }
            result.withLock { $0 = linked }
        }
        thread.start()
    }

    /// Waits for the links to be made; what was linked.
    func wait() -> Result {
        done.wait()
        return result.withLock { $0 }
    }
}
