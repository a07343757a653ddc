import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptRender
import TranscriptSupport
import TranscriptTemplates

/// Makes a starter site (`transcripts init`): a commented `transcripts.yml`, an example conversation (or, with an
/// export, the export named in `inputs` and a title taken from it), a `Templates/` folder with a README of the
/// names a site can override, and a `.gitignore` for the output and the build cache. It never overwrites a site.
public struct SiteStarter: Sendable {
    public var registry: ImporterRegistry

    public init(registry: ImporterRegistry = .builtIn) {
        self.registry = registry
    }

    /// What `make` wrote.
    public struct Outcome: Sendable, Equatable {
        /// The files written, relative to the site folder.
        public var files: [String]
        public var title: String
        /// The export's format, with `from`.
        public var format: String?
    }

    /// Makes the site in `folder` (created when missing), around `export` when given.
    public func make(in folder: URL, from export: URL? = nil) throws -> Outcome {
        let folder = folder.standardizedFileURL
        let manager = FileManager.default
        let config = folder.appendingPathComponent(ConfigurationLoader.fileName)
        if manager.fileExists(atPath: config.path) {
            throw TranscriptsError(
                file: config.relativePathForDisplay, message: "there is a site here already; init never overwrites one")
        }
        var files: [String: String] = [:]
        var title = "My archive"
        var inputs = ["conversations"]
        var format: String?
        if let export {
            let described = try describe(export)
            title = described.title
            format = described.format
            inputs = [Self.path(of: export.standardizedFileURL, from: folder)]
        } else {
            files["conversations/example.json"] = Self.exampleConversation
        }
        files[ConfigurationLoader.fileName] = StarterConfig.text(
            title: title, inputs: inputs, format: format, me: export == nil ? "you" : nil)
        files["Templates/README.md"] = try Self.templatesReadme()
        let gitignore = folder.appendingPathComponent(".gitignore")
        if !manager.fileExists(atPath: gitignore.path) {
            files[".gitignore"] = "# Made by transcripts build: the site, the folders builds keep beside it and the build cache.\n"
                + "/public/\n/.public.*/\n/.transcripts-cache/\n"
        }
        do {
            for (path, text) in files.sorted(by: { $0.key < $1.key }) {
                let url = folder.appendingPathComponent(path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            }
        } catch {
            throw TranscriptsError(file: folder.relativePathForDisplay, message: "cannot write the site (\(TranscriptsError.sentence(for: error)))")
        }
        return Outcome(files: files.keys.sorted(), title: title, format: format)
    }

    /// The export's format and a title for the site: its conversation's title, or for an export of several
    /// (a Telegram account, a Slack workspace) the format's name.
    private func describe(_ export: URL) throws -> (format: String, title: String) {
        guard FileManager.default.fileExists(atPath: export.path) else {
            throw TranscriptsError(file: export.relativePathForDisplay, message: "there is no such file or folder")
        }
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("transcripts-init-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let found = try ExportFinder(registry: registry, forced: nil, workspace: workspace).find([export.path], in: URL(fileURLWithPath: "/"))
        guard let first = found.exports.first else {
            throw TranscriptsError(file: export.relativePathForDisplay, message: "holds no export transcripts reads")
        }
        let formats = Set(found.exports.map(\.importer.format))
        var titles: [String] = []
        struct Enough: Error {}
        for item in found.exports where titles.count < 2 {
            do {
                try item.importer.importConversations(from: item.source, context: ImportContext(timeZone: TimeZone(identifier: "UTC")!)) { imported in
                    titles.append(imported.conversation.title)
                    if titles.count >= 2 { throw Enough() }
                }
            } catch is Enough {}
        }
        let format = formats.count == 1 ? first.importer.format : formats.sorted().joined(separator: ", ")
        let title = titles.count == 1 && !titles[0].isEmpty
            ? titles[0] : formats.count == 1 ? Self.formatName(first.importer.format) + " archive" : "Archive"
        return (format, title)
    }

    /// `telegram` → `Telegram`, `google-chat` → `Google Chat`, `imessage` → `iMessage`.
    static func formatName(_ format: String) -> String {
        let known = ["imessage": "iMessage", "irc": "IRC", "whatsapp": "WhatsApp", "telegram-html": "Telegram"]
        if let name = known[format] { return name }
        return format.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// `path` relative to `folder` when it is inside it, else absolute.
    static func path(of url: URL, from folder: URL) -> String {
        let path = url.path, base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// The README of `Templates/`: what a site can put there, by name.
    static func templatesReadme() throws -> String {
        let templates = try TemplateSet.builtIn()
        let names = templates.sources.keys.filter { !$0.hasPrefix("transcripts-internal/") }.sorted()
        let assets = templates.assets.keys.sorted()
        return """
            # Templates

            A file here takes the place of the built-in one of the same name: a template as `NAME.mustache`,
            an asset by its path. Start from a copy of the built-in file (they are in the transcripts
            repository's `Templates/` folder). Templates are [Mustache](https://mustache.github.io); what each
            one can use is listed in the page models' documentation (docs/architecture.md, "A value a template
            shows").

            Templates:

            \(names.map { "- `\($0).mustache`" }.joined(separator: "\n"))

            Assets:

            \(assets.map { "- `\($0)`" }.joined(separator: "\n"))

            Words: every word the pages show comes from a strings table, picked by `locale:` in
            transcripts.yml (built in: \(StringTables.builtInLanguages.joined(separator: ", "))). To change some of
            them, put the keys in `strings/LANGUAGE.yml` (or `strings/LOCALE.yml`), such as `strings/en.yml`:

                search: Find
                messageCount:
                  one: "{count} note"
                  other: "{count} notes"

            """
    }

    /// The example conversation of a new site, in the canonical format (docs/canonical-format.md).
    static let exampleConversation = """
        {
          "format": "transcripts/1",
          "id": "example",
          "title": "An example conversation",
          "kind": "group",
          "participants": [
            {"id": "you", "name": "You"},
            {"id": "sam", "name": "Sam"}
          ],
          "messages": [
            {"id": "1", "sender": "sam", "date": "2024-05-03T09:30:00Z", "text": "Welcome to your archive! Put your exports in conversations/ and run transcripts build."},
            {"id": "2", "sender": "you", "date": "2024-05-03T09:31:00Z", "text": "Then open public/index.html, or run transcripts serve.", "replyTo": "1"},
            {"id": "3", "sender": "sam", "date": "2024-05-03T09:32:00Z", "type": "markdown", "markdown": "Formats: WhatsApp, Telegram, Slack, Discord, Signal, **and more**.", "reactions": [{"emoji": "👍", "by": ["you"]}]}
          ]
        }

        """
}
