import Foundation

/// Runs an importer on fuzz bytes the way a build does: detection over every built-in importer with a shared
/// probe, then the importer's own `importConversations`, encoding every conversation it hands over as canonical JSON. A thrown error
/// is a correct answer; only crashes, sanitizer reports, hangs and memory blow-ups are findings.
public enum FuzzImport {
    /// The context of every import: UTC, with one participant id as the site owner.
    public static let context = ImportContext(timeZone: TimeZone(identifier: "UTC")!, me: ["me"])

    /// Writes `input` at `path` among the fixed `files` of a minimal export, then imports `export` (a path
    /// relative to the export folder; empty for the folder itself) with `importer`.
    public static func run(
        _ importer: some ExportImporter, input: Data, at path: String, files: [String: String] = [:], export: String? = nil
    ) -> CInt {
        var contents = files.mapValues { Data($0.utf8) }
        contents[path] = input
        let root = FuzzScratch.write(contents)
        let url = (export ?? path).isEmpty ? root : root.appendingPathComponent(export ?? path)
        _ = ImporterRegistry.builtIn.detect(ExportProbe(url))
        _ = importer.canImport(ExportProbe(url))
        do {
            try importer.importConversations(from: ExportSource(url: url, displayPath: "export"), context: context) { imported in
                // What a build does next with a conversation: the canonical JSON (the cache and `convert`).
                _ = try JSONEncoder().encode(imported.conversation)
            }
        } catch {
            FuzzScratch.note(error)
        }
        return 0
    }
}
