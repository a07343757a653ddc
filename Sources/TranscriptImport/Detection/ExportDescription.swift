import Foundation
import TranscriptModel

/// What a file or folder is, in a few words, for the errors about an input that is not the export expected:
/// "a JSON object whose top-level keys are guild, channel, dateRange, messages, which is a discord export (use
/// --format discord, or leave --format out)".
struct ExportDescription {
    let text: String
    /// The format another importer recognises, when one does.
    let otherFormat: String?

    /// Describes `probe`; with a forced importer, also the format it is when another importer recognises it.
    init(_ probe: ExportProbe, registry: ImporterRegistry, forced: (any ExportImporter)?) {
        var text = Self.shape(probe)
        otherFormat = forced == nil ? nil : registry.detect(probe).flatMap { $0.format == forced?.format ? nil : $0.format }
        if let otherFormat {
            text += ", which is a \(otherFormat) export (use --format \(otherFormat), or leave --format out)"
        }
        self.text = text
    }

    private static func shape(_ probe: ExportProbe) -> String {
        if probe.isFolder {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: probe.url.path)) ?? [])
                .filter { !$0.hasPrefix(".") }.sorted()
            guard !names.isEmpty else { return "an empty folder" }
            return "a folder holding " + listed(names.map { "\"\(short($0))\"" }, limit: 5)
        }
        if let outline = probe.jsonOutline {
            switch outline.root {
            case .object(let members, _)?:
                guard !members.isEmpty else { return "an empty JSON object" }
                return "a JSON object whose top-level keys are " + listed(members.map { short($0.key) }, limit: 8)
            case .array(let first, _)?:
                guard let first else { return "an empty JSON list" }
                let keys = first.keys
                return keys.isEmpty ? "a JSON list" : "a JSON list of objects with the keys " + listed(keys.map(short), limit: 8)
            case .string?: return "a JSON string"
            default: break
            }
        }
        guard let head = FilePeek.head(of: probe.url, bytes: 512) else {
            return FileManager.default.fileExists(atPath: probe.url.path) ? "an empty file" : "nothing (no such file)"
        }
        if head.utf8.contains(0) { return "a binary file" }
        let line = head.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return "text that is not JSON, starting \u{201C}\(short(line))\u{201D}"
    }

    private static func short(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
        return cleaned.count > 60 ? cleaned.prefix(60) + "…" : cleaned
    }

    private static func listed(_ items: [String], limit: Int) -> String {
        items.prefix(limit).joined(separator: ", ") + (items.count > limit ? " and \(items.count - limit) more" : "")
    }
}
