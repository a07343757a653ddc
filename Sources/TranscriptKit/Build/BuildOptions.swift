import Foundation

/// What to build: a site folder, and optionally another config file or output folder.
public struct BuildOptions: Sendable {
    /// The site's folder: it holds `transcripts.yml`, the exports and an optional `Templates/` folder.
    public var site: URL
    /// The config file; by default `transcripts.yml` in the site folder (a site without one uses defaults).
    public var configFile: URL?
    /// The output folder; by default the config's `output`, relative to the site folder.
    public var output: URL?

    public init(site: URL, configFile: URL? = nil, output: URL? = nil) {
        self.site = site
        self.configFile = configFile
        self.output = output
    }
}
