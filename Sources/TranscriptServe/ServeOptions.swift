import TranscriptSite

/// What `transcripts serve` serves and where.
public struct ServeOptions: Sendable {
    /// The site to build, as `transcripts build` takes it.
    public var build: BuildOptions
    /// The address to listen on: `127.0.0.1` (only this machine) unless told otherwise; `localhost`, an IPv4
    /// or an IPv6 address.
    public var host: String
    /// The port to listen on; 0 picks a free one (the URL `SiteServer.start()` returns has it).
    public var port: UInt16
    /// How often the watched files are looked at, and how long a save must settle before a rebuild.
    public var pollInterval: Duration
    /// How long a connection may send nothing the server can read as a whole part of a request (a request head
    /// sent in part, or nothing between two requests) before it is closed. A response being sent (a page's
    /// event stream) keeps its connection open.
    public var idleTimeout: Duration

    public init(
        build: BuildOptions, host: String = "127.0.0.1", port: UInt16 = 8000, pollInterval: Duration = .milliseconds(100),
        idleTimeout: Duration = .seconds(30)
    ) {
        self.build = build
        self.host = host
        self.port = port
        self.pollInterval = pollInterval
        self.idleTimeout = idleTimeout
    }
}

/// What the preview server reports as it goes, for the terminal.
public enum ServeEvent: Sendable {
    /// Watched files changed (absolute paths) and the site is being rebuilt.
    case rebuilding(changedFiles: [String])
    /// A build succeeded; open pages are told to reload.
    case built(BuildSummary)
    /// A build failed with this message; the last good site is still served and open pages show the error.
    case failed(String)
}
