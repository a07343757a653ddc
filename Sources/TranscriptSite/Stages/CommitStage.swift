import Foundation
import TranscriptModel
import TranscriptSupport

/// Swaps the staging folder in as the output (only now: a failed build leaves the previous site as it
/// was), then keeps what the next build needs: the cache's manifest, the digests of the files written, and
/// only the unpacked archives that inputs still name. With `--strict`, warnings fail the build here.
public struct CommitStage: BuildStage {
    public let name = "commit"

    public init() {}

    public func run(in context: BuildContext) throws {
        let warnings = context.summary.warnings
        if context.options.strict, !warnings.isEmpty {
            throw TranscriptsError(
                message: "\(warnings.count) warning\(warnings.count == 1 ? "" : "s") with --strict; the previous output is unchanged:\n"
                    + warnings.map { "  " + $0 }.joined(separator: "\n"))
        }
        let output = context.output
        context.cache?.invalidate()
        // The cache is saved while the previous output is removed.
        try output.commit {
            guard let cache = context.cache else { return }
            cache.save()
            var digests = OutputDigests()
            let made = output.madeDigests
            digests.entries.reserveCapacity(made.count)
            for (path, digest) in made {
                // Stamps taken as the files were made: a file keeps its stamp when the staging folder becomes the output.
                if let stamp = output.stampInOutput(path) {
                    digests.entries[path] = OutputDigests.Entry(stamp: stamp, digest: digest)
                }
            }
            cache.saveOutputDigests(digests)
        }
        if let unpacked = context.unpackedFolder {
            // Archives no input names any more are not kept.
            let used = Set(context.inputs.unpacked.map(\.lastPathComponent))
            for name in (try? FileManager.default.contentsOfDirectory(atPath: unpacked.path)) ?? []
            where !used.contains(name.hasSuffix(".archive") ? String(name.dropLast(8)) : name) {
                try? FileManager.default.removeItem(at: unpacked.appendingPathComponent(name))
            }
        }
        context.summary.bytes = output.bytesWritten
        context.summary.files = output.filesWritten
        context.summary.filesUnchanged = output.filesLinked
        context.count("files", output.filesWritten)
    }
}
