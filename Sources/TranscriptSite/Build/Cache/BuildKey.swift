import Crypto
import Foundation
import TranscriptDisplay
import TranscriptImport
import TranscriptModel
import TranscriptRender
import TranscriptSupport
import TranscriptTemplates
import Yams

/// A digest of everything every page depends on: the transcripts binary, the config file, the templates, the
/// display delegate, the custom renderers and the importers. When it changes, the build cache is not used.
/// A site's own assets (CSS, scripts) are not in it: pages only link to them, and every build writes them; the
/// built-in ones are, by their version (`TemplateSet.assetVersion`), which the links carry.
///
/// The binary is known by its stamp (path, size, modification time, inode), so every new build of it starts
/// with a clean build. A delegate is known by `String(reflecting:)`: its type and stored values.
enum BuildKey {
    /// Changes when what the cache keeps, or how, changes.
    static let format = "transcripts build cache 1"

    package static func make(
        configurationFile: URL, templates: TemplateSet, delegate: any TranscriptDisplayDelegate,
        customRenderers: [any CustomMessageRenderer], stages: [any BuildStage], registry: ImporterRegistry, options: BuildOptions,
        protection: String, forParts: Bool = false, conversationPages: [any ConversationPageProducer] = [],
        sitePages: [any SitePageProducer] = []
    ) -> String {
        var hash = SHA256()
        hash.update(forParts ? format + " part" : format)
        addTool(registry: registry, stages: stages, options: options, protection: protection, binaryByContent: forParts, to: &hash)
        if let config = try? Data(contentsOf: configurationFile) {
            // Parts are made on other machines, in other folders: there the config is known by its name alone.
            hash.update("config:" + (forParts ? configurationFile.lastPathComponent : configurationFile.standardizedFileURL.path))
            let settings = settingsBesideInputs(config)
            hash.update(Int64(settings.count))
            hash.update(settings)
        } else {
            hash.update("no config")
        }
        if forParts { hash.update("scope flags:" + options.scope.fingerprint) }
        for name in templates.sources.keys.sorted() {
            hash.update("template:" + name)
            hash.update(templates.sources[name]!)
        }
        hash.update("assets:" + TemplateSet.assetVersion)
        for name in templates.stringOverrides.keys.sorted() {
            hash.update("strings:" + name)
            hash.update(templates.stringOverrides[name]!.contents)
        }
        hash.update("delegate:" + String(reflecting: delegate) + "\u{0}" + delegate.fingerprint)
        for renderer in customRenderers {
            hash.update("renderer:" + String(reflecting: renderer))
            hash.update(renderer.kind)
            hash.update(renderer.template)
        }
        for producer in conversationPages { hash.update("conversation pages:" + String(reflecting: producer)) }
        for producer in sitePages { hash.update("site pages:" + String(reflecting: producer)) }
        return hash.hexDigest
    }

    /// A digest of what the conversations' content, their pages' places and their share of the search index
    /// depend on: the binary, the importers and the settings that change what is read or where it goes (time
    /// zone, locale, `me`, page size, search, formats and output; not which exports are read). Not the templates, the assets, the
    /// display delegate or the settings of how pages look: while this key stays, the stored search parts and
    /// the search index hold even when the build key changed.
    package static func content(
        configuration: SiteConfiguration, stages: [any BuildStage], registry: ImporterRegistry, options: BuildOptions,
        protection: String
    ) -> String {
        var hash = SHA256()
        hash.update(format + " content")
        addTool(registry: registry, stages: stages, options: options, protection: protection, binaryByContent: false, to: &hash)
        hash.update("time zone:" + configuration.timeZone.identifier)
        hash.update("locale:" + configuration.locale.identifier)
        hash.update("me:" + configuration.me.joined(separator: "\u{0}"))
        hash.update("page size:\(configuration.pageSize)")
        hash.update("search:\(configuration.search.enabled) " + configuration.search.exclude.joined(separator: "\u{0}"))
        hash.update("formats:" + String(reflecting: configuration.formats))
        hash.update("output:" + configuration.output)
        hash.update("privacy:" + PrivacyTransform(settings: configuration.privacy, me: configuration.me).fingerprint)
        hash.update("scope:" + configuration.scope.fingerprint)
        return hash.hexDigest
    }

    /// The config file's bytes without its top-level `inputs`, `people` and `region`: which exports a site
    /// reads changes no page of the others (each export and conversation has a key of its own), so adding an
    /// export to the list keeps the cache; who is who changes the conversations it names, whose keys digest
    /// their participants (and a record made with other people is not taken over unread), and the people pages,
    /// which every build writes. The file as it is when it is not a YAML mapping.
    static func settingsBesideInputs(_ config: Data) -> Data {
        let keys = ["inputs", "people", "region"]
        guard let text = String(data: config, encoding: .utf8), keys.contains(where: text.contains),
              let node = try? Yams.compose(yaml: text), case .mapping(var mapping) = node,
              keys.contains(where: { mapping[Node($0)] != nil })
        else { return config }
        for key in keys { mapping[Node(key)] = nil }
        guard let rest = try? Yams.serialize(node: .mapping(mapping)) else { return config }
        return Data(rest.utf8)
    }

    /// What both keys hold of the tool: the binary (by its stamp), the importers, the build's stages (by name
    /// and fingerprint: a stage that changes messages changes content), `--format` and the protection (a
    /// protected site's folders, media names and every file depend on its key). A site's parts, made on other
    /// machines, know the binary by a digest of its bytes (`binaryByContent`).
    private static func addTool(
        registry: ImporterRegistry, stages: [any BuildStage], options: BuildOptions, protection: String, binaryByContent: Bool,
        to hash: inout SHA256
    ) {
        hash.update("protection:" + protection)
        let executable = executablePath
        if binaryByContent {
            hash.update("binary bytes:" + executableDigest)
        } else if let stamp = FileStamp(path: executable) {
            hash.update("binary:" + executable)
            hash.update(stamp.size)
            hash.update(stamp.modified)
            hash.update(Int64(bitPattern: stamp.inode))
        }
        for importer in registry.importers {
            hash.update("importer:" + String(reflecting: importer))
        }
        for stage in stages {
            hash.update("stage:" + stage.name + "\u{0}" + stage.fingerprint)
        }
        hash.update("format:" + (options.format ?? ""))
        hash.update("privacy flags:" + String(reflecting: options.privacy))
    }

    /// A digest of the running program's bytes, made once per process. Read a megabyte at a time: mapped, the
    /// whole binary would count in the process's memory.
    static let executableDigest: String = {
        guard let file = FileHandle(forReadingAtPath: executablePath) else { return "unreadable" }
        defer { try? file.close() }
        var hash = SHA256()
        while let chunk = try? file.read(upToCount: 1 << 20), !chunk.isEmpty {
            hash.update(data: chunk)
        }
        return hash.hexDigest
    }()

    /// The running program's file.
    static var executablePath: String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
    }
}
