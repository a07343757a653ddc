import Foundation
import TranscriptModel
import TranscriptSupport

/// What to build: a site folder, and optionally another config file or output folder.
public struct BuildOptions: Sendable {
    /// The site's folder: it holds `transcripts.yml`, the exports and an optional `Templates/` folder.
    public var site: URL
    /// The config file; by default `transcripts.yml` in the site folder (a site without one uses defaults).
    public var configFile: URL?
    /// The output folder; by default the config's `output`, relative to the site folder.
    public var output: URL?
    /// Whether warnings (missing media, replies to messages not in the export, ...) fail the build.
    public var strict: Bool
    /// Exports to read instead of the config's `inputs` (files, folders, archives).
    public var inputs: [String]?
    /// The format every export is read as (`--format`), instead of detecting each one's.
    public var format: String?
    /// Whether to ignore the build cache (`--clean`) and render every page; the cache is written anew.
    public var clean: Bool
    /// Privacy settings given on the command line, added to the config's `privacy:`.
    public var privacy: PrivacyFlags
    /// Protection asked for besides the config's `protect:` (`--protect`, `--new-salt`), and the passphrase.
    public var protection: ProtectionOptions
    /// A scope given on the command line (`--scope-person`, ...), added to the config's `scope:`.
    public var scope: ScopeSettings
    /// Builds only this shard's part of the site (`--shard K/N`), for `SiteBuilder.assemble(parts:)`; nil for
    /// the whole site.
    public var shard: ShardSelection?

    /// An encrypted iPhone backup's passphrase (`--passphrase-file`); nil to take it from the environment
    /// variable `TRANSCRIPTS_BACKUP_PASSPHRASE`.
    public var backupPassphrase: String?

    public init(
        site: URL, configFile: URL? = nil, output: URL? = nil, strict: Bool = false, inputs: [String]? = nil,
        format: String? = nil, clean: Bool = false, privacy: PrivacyFlags = PrivacyFlags(),
        protection: ProtectionOptions = ProtectionOptions(), scope: ScopeSettings = ScopeSettings()
    ) {
        self.scope = scope
        self.privacy = privacy
        self.protection = protection
        self.clean = clean
        self.site = site
        self.configFile = configFile
        self.output = output
        self.strict = strict
        self.inputs = inputs
        self.format = format
    }
}

extension BuildOptions {
    /// The folder the site is written to with `configuration`: `output` when set, else the config's `output`
    /// (relative to the site folder unless absolute).
    public func outputFolder(for configuration: SiteConfiguration) -> URL {
        if let output { return output }
        return configuration.output.hasPrefix("/")
            ? URL(fileURLWithPath: configuration.output) : site.appendingPathComponent(configuration.output)
    }

    /// The config file this build reads: `configFile`, or `transcripts.yml` in the site folder.
    public var configurationFile: URL {
        configFile ?? site.appendingPathComponent(ConfigurationLoader.fileName)
    }
}

/// The privacy settings of the command line (`--pseudonymize`, `--exclude NAME`, `--redact PATTERN`,
/// `--noindex`): they add to the config's `privacy:` block.
public struct PrivacyFlags: Sendable, Equatable {
    public var pseudonymize: Bool
    public var exclude: [String]
    public var redact: [String]
    public var noindex: Bool

    public init(pseudonymize: Bool = false, exclude: [String] = [], redact: [String] = [], noindex: Bool = false) {
        self.pseudonymize = pseudonymize
        self.exclude = exclude
        self.redact = redact
        self.noindex = noindex
    }

    /// `settings` with these flags added; a pattern that is neither a built-in kind nor a valid regular
    /// expression is an error naming the flag.
    public func applied(to settings: PrivacySettings) throws -> PrivacySettings {
        var settings = settings
        if pseudonymize, settings.pseudonymize == .off { settings.pseudonymize = .on(chosen: [:]) }
        settings.exclude += exclude.filter { !settings.exclude.contains($0) }
        for source in redact where !settings.redact.contains(where: { $0.source == source }) {
            do {
                settings.redact.append(try RedactionPattern(source))
            } catch let error as RedactionPatternError {
                throw TranscriptsError(message: "--redact: " + error.message)
            }
        }
        settings.noindex = settings.noindex || noindex
        return settings
    }
}

