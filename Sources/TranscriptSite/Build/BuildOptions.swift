import Foundation

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
    /// Exports to read instead of the config's `inputs` (files, folders, zip archives).
    public var inputs: [String]?
    /// The format every export is read as (`--format`), instead of detecting each one's.
    public var format: String?
    /// Whether to ignore the build cache (`--clean`) and render every page; the cache is written anew.
    public var clean: Bool

    public init(
        site: URL, configFile: URL? = nil, output: URL? = nil, strict: Bool = false, inputs: [String]? = nil,
        format: String? = nil, clean: Bool = false
    ) {
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
