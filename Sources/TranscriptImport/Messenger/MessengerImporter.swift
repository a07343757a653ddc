import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Facebook Messenger's and Instagram's JSON download ("Download your information"): one folder per thread,
/// `messages/inbox/<thread>/message_1.json`, `message_2.json`, ..., each
/// `{participants[{name}], messages[...], title, thread_path, ...}` with the messages newest first and every
/// string Latin-1 mojibake.
///
/// The source is a thread folder (all its `message_N.json` become one conversation) or one JSON file. A
/// `message_N.json` with siblings is read whole by the lowest-numbered one (`message_1.json`); the others import
/// nothing, so a thread is never read twice however the files are handed over.
public struct MessengerImporter: ExportImporter {
    public let format = "messenger"
    public let appName = "Messenger"

    public init() {}

    public func canImport(_ url: URL) -> Bool { canImport(ExportProbe(url)) }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: source.url.path, isDirectory: &isFolder)
        let files: [(url: URL, display: String)]
        let threadFolder: URL
        let idFromName: String
        if isFolder.boolValue {
            threadFolder = source.url
            files = Self.parts(in: source.url).map { ($0, source.displayPath + "/" + $0.lastPathComponent) }
            idFromName = source.url.lastPathComponent
        } else {
            threadFolder = source.url.deletingLastPathComponent()
            if let number = Self.partNumber(source.url.lastPathComponent) {
                let siblings = Self.parts(in: threadFolder)
                guard let lowest = siblings.first, let lowestNumber = Self.partNumber(lowest.lastPathComponent),
                      lowestNumber < number
                else {
                    let prefix = String(source.displayPath.dropLast(source.url.lastPathComponent.count))
                    let all = siblings.isEmpty ? [(source.url, source.displayPath)] : siblings.map { ($0, prefix + $0.lastPathComponent) }
                    return try read(all, threadFolder: threadFolder, idFromName: threadFolder.lastPathComponent, body)
                }
                return  // message_1.json reads this part with the others
            }
            files = [(source.url, source.displayPath)]
            idFromName = source.url.deletingPathExtension().lastPathComponent
        }
        if files.isEmpty {
            throw TranscriptsError(file: source.displayPath, message: "no message_1.json in this folder (a Messenger thread folder)")
        }
        try read(files, threadFolder: threadFolder, idFromName: idFromName, body)
    }

    /// The number of `message_<N>.json`, or nil for other names.
    static func partNumber(_ name: String) -> Int? {
        guard name.hasPrefix("message_"), name.lowercased().hasSuffix(".json") else { return nil }
        return Int(name.dropFirst("message_".count).dropLast(".json".count))
    }

    /// The `message_<N>.json` files of a folder, by number.
    package static func parts(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name in partNumber(name).map { ($0, name) } }
            .sorted { $0.0 < $1.0 }
            .map { folder.appendingPathComponent($0.1) }
    }

    /// One file's header fields (all but `messages`) and its converted messages, oldest first.
    private struct Part {
        var header: [String: JSONValue]
        var converted: [MessengerMessages.Converted]
        /// What could not be read in the file's messages.
        var warnings: [String]
    }

    private func read(
        _ files: [(url: URL, display: String)], threadFolder: URL, idFromName: String,
        _ body: (ImportedConversation) throws -> Void
    ) throws {
        let parts = try files.map { try read($0.url, displayPath: $0.display) }
        // message_1.json holds the newest messages: the parts are joined oldest first.
        let converted = parts.reversed().flatMap(\.converted)
        var header: [String: JSONValue] = [:]
        for part in parts.reversed() { header.merge(part.header) { _, newer in newer } }

        var listed: [String] = []
        if case .array(let list)? = header["participants"] {
            for case .object(let participant) in list {
                if let name = MessengerText.string(participant["name"]), !name.isEmpty, !listed.contains(name) { listed.append(name) }
            }
        }
        let assembled = MessengerMessages.assemble(converted, listed: listed)
        let id = MessengerText.string(header["thread_path"]).flatMap { $0.isEmpty ? nil : $0 } ?? idFromName
        let title = MessengerText.string(header["title"]).flatMap { $0.isEmpty ? nil : $0 }
            ?? (assembled.participants.isEmpty ? id : ListFormatting.join(assembled.participants.map(\.name)))
        let count = listed.isEmpty ? assembled.participants.count : listed.count
        let conversation = Conversation(
            id: id, title: title, kind: count > 2 ? .group : .direct,
            participants: assembled.participants, messages: assembled.messages)
        try body(ImportedConversation(
            conversation: conversation, mediaFolder: Self.mediaRoot(threadFolder: threadFolder, messages: assembled.messages),
            warnings: parts.flatMap(\.warnings)))
    }

    /// Reads one file: its fields parsed on their own, its messages parsed and converted on all cores.
    private func read(_ file: URL, displayPath: String) throws -> Part {
        try MappedJSONExport.read(file, displayPath: displayPath, description: "a Messenger export") { export in
            guard let messages = export.member("messages") else {
                throw TranscriptsError(file: displayPath, message: "\"messages\" is required but missing")
            }
            guard let elements = export.scanner.elements(ofArrayAt: messages.lowerBound) else {
                throw export.shapeError(
                    "expected a list of messages, found \(export.kind(at: messages.lowerBound))", path: "messages", at: messages.lowerBound)
            }
            var header: [String: JSONValue] = [:]
            for (key, value) in export.members where key != "messages" {
                header[key] = try export.parse(value)
            }
            let converter = MessengerMessages()
            var converted = try export.convertElements(elements, chunkSize: 2048) { json, index in
                do {
                    return try converter.convert(json)
                } catch let failure as MessengerMessages.Failure {
                    throw export.error(
                        at: failure.key, of: elements[index], path: "messages[\(index)]" + (failure.key.isEmpty ? "" : "." + failure.key),
                        message: failure.message)
                }
            }
            let warnings = export.warnings(elements, problems: { converted[$0].problems }, path: { "messages[\($0)]" })
                + export.takeInvalidUTF8Warnings()
            // Exports list the newest message first: read such a file backwards, so that messages of the same
            // millisecond keep their order once sorted.
            if let first = converted.first, let last = converted.last, first.milliseconds > last.milliseconds {
                converted.reverse()
            }
            return Part(header: header, converted: converted, warnings: warnings)
        }
    }

    /// The folder media `uri`s are relative to: the export's root, `messages/inbox/<thread>/photos/x.jpg`
    /// being the path of a photo from there. Found by walking up from the thread folder to the first folder
    /// that holds the first part of a media path (or, without media, a `messages` folder); else the thread folder.
    static func mediaRoot(threadFolder: URL, messages: [Message]) -> URL {
        let uri = messages.lazy.compactMap { message -> String? in
            switch message.kind {
            case .photo(let item), .video(let item), .audio(let item), .voice(let item), .file(let item), .sticker(let item):
                return item.file
            default: return nil
            }
        }.first { !$0.hasPrefix("/") && !$0.contains("://") }
        let firstComponent = uri.flatMap { $0.split(separator: "/").first.map(String.init) }
        var folder = threadFolder.standardizedFileURL
        for _ in 0..<8 {
            if let firstComponent {
                if firstComponent != "..", FileManager.default.fileExists(atPath: folder.appendingPathComponent(firstComponent).path) {
                    return folder
                }
            } else {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("messages").path, isDirectory: &isFolder),
                   isFolder.boolValue
                {
                    return folder
                }
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return threadFolder
    }
}
