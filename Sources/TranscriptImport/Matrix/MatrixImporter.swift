import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Element's "Export chat" in JSON: `{room_name, room_creator, topic, export_date, exported_by, messages: [event…]}`,
/// one room per file, with the attachments (when exported) in folders next to it. See docs/formats/matrix.md.
///
/// The events are parsed and converted on all cores; edits, reactions, redactions and display names are then
/// applied in order (`MatrixRoom`).
public struct MatrixImporter: ExportImporter {
    public let format = "matrix"
    public let appName = "Matrix"

    public init() {}

    public func canImport(_ url: URL) -> Bool { canImport(ExportProbe(url)) }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        let displayPath = source.displayPath
        let folder = source.url.deletingLastPathComponent()
        let fileName = source.url.deletingPathExtension().lastPathComponent
        let media = MatrixMediaIndex(folder: folder, excluding: source.url.lastPathComponent)
        let conversation: (Conversation, [String]) = try MappedJSONExport.read(
            source.url, displayPath: displayPath, description: "an Element export of a Matrix room"
        ) { export in
            guard let messages = export.member("messages") else {
                throw TranscriptsError(file: displayPath, path: "messages", message: "missing: an Element export has a \"messages\" list")
            }
            guard let elements = export.scanner.elements(ofArrayAt: messages.lowerBound) else {
                throw export.shapeError(
                    "expected a list of events, found \(export.kind(at: messages.lowerBound))", path: "messages", at: messages.lowerBound)
            }
            var header: [String: JSONValue] = [:]
            for (key, value) in export.members where key != "messages" {
                header[key] = try export.parse(value)
            }
            let converter = MatrixEvents(media: media)
            let converted = try export.convertElements(elements, chunkSize: 1024) { json, index in
                do {
                    return try converter.convert(json, index: index)
                } catch let error as MatrixEvents.Problem {
                    throw export.error(
                        at: String(error.path.dropFirst()), of: elements[index], path: "messages[\(index)]" + error.path,
                        message: error.message)
                }
            }
            let warnings = export.warnings(elements, problems: { converted[$0].problems }, path: { "messages[\($0)]" })
                + export.takeInvalidUTF8Warnings()
            return (MatrixRoom.conversation(header: header, events: converted, fileName: fileName), warnings)
        }
        try body(ImportedConversation(conversation: conversation.0, mediaFolder: folder, warnings: conversation.1))
    }
}

/// The files next to an export, by name, for attachments: Element saves them in folders beside the JSON, and
/// the events name them only by `body` (their `url` is an `mxc://` address that a site cannot load).
///
/// Only regular files found by listing the folder (no symbolic links, nothing hidden, at most three folders
/// deep) are offered, as paths relative to it; an event's name is never used as a path.
struct MatrixMediaIndex: Sendable {
    private var byName: [String: [String]] = [:]

    init(folder: URL, excluding ownName: String) {
        let root = folder.standardizedFileURL
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey],
            options: [.skipsHiddenFiles, .skipsPackageDescendants])
        else { return }
        var seen = 0
        for case let url as URL in enumerator {
            if enumerator.level > 3 { enumerator.skipDescendants(); continue }
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values?.isSymbolicLink != true, values?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(rootPath) else { continue }
            let relative = String(path.dropFirst(rootPath.count))
            guard relative != ownName, !relative.split(separator: "/").contains("..") else { continue }
            byName[url.lastPathComponent, default: []].append(relative)
            seen += 1
            if seen >= 200_000 { break }
        }
        for key in byName.keys { byName[key]?.sort() }
    }

    /// The file an attachment named `name` was saved as: a file of that name, or the one file named
    /// `STEM-….EXT` (Element adds the date to the names it saves); nil when there is none or several.
    package func file(named name: String) -> String? {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { return nil }
        if let exact = byName[name] { return exact.count == 1 ? exact[0] : nil }
        let dot = name.lastIndex(of: ".")
        let stem = dot.map { String(name[..<$0]) } ?? name
        let ext = dot.map { String(name[$0...]) } ?? ""
        guard !stem.isEmpty else { return nil }
        let candidates = byName.filter { $0.key.hasPrefix(stem + "-") && $0.key.hasSuffix(ext) }.flatMap(\.value)
        return candidates.count == 1 ? candidates[0] : nil
    }
}
